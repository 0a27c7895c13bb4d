import type { SavedCard } from '@shop/shared';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardCodeStep } from './card-code-step';
import { CardDetailsStep } from './card-details-step';
import { useAddCard } from './use-add-card';
import './cards.css';

/**
 * Adding a card as the processor asks for it: the details, then the code its bank texts to the
 * card's phone. Not a <form> of its own, so it can sit inside the checkout form.
 */
export function AddCardForm({
  defaultPhone,
  onAdded,
  onCancel,
}: {
  /** The profile's phone: most cards text the number their holder signs in with. */
  defaultPhone: string;
  onAdded: (card: SavedCard) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const card = useAddCard({ defaultPhone, onAdded, root: rootRef });
  const { step } = card;

  return (
    <div ref={rootRef} className="add-card" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="add-card__title">
        {step.name === 'details' ? t('cards.addTitle') : t('cards.codeTitle')}
      </h3>
      {card.alert && (
        <p className="notice notice--error" role="alert">
          {card.alert}
        </p>
      )}
      {step.name === 'details' ? (
        <CardDetailsStep
          values={card.details.values}
          errors={card.details.errors}
          pending={card.details.pending}
          onChange={card.details.change}
          onSubmit={card.details.submit}
          onCancel={onCancel}
        />
      ) : (
        <CardCodeStep
          maskedPhone={step.maskedPhone}
          typedPhone={step.typedPhone}
          codeLength={step.codeLength}
          code={card.code.value}
          error={card.code.error}
          pending={card.code.pending}
          resendIn={card.code.resendIn}
          resending={card.code.resending}
          onChange={card.code.change}
          onSubmit={card.code.submit}
          onResend={card.code.resend}
          onBack={card.code.back}
        />
      )}
    </div>
  );
}
