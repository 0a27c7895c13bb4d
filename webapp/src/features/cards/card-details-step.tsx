import { useTranslation } from 'react-i18next';
import { TextField } from '../../lib/ui/text-field';
import { PendingButton, submitOnEnter } from './step-parts';
import { CardBrandMark } from './card-brand';
import {
  formatCardNumber,
  formatExpiryInput,
  typedCardBrand,
  type CardDetailsField,
  type CardDetailsInput,
} from './card-input';

/** Step one of adding a card: number (brand shown as typed), expiry, the phone for the SMS. */
export function CardDetailsStep({
  values,
  errors,
  pending,
  onChange,
  onSubmit,
  onCancel,
}: {
  values: CardDetailsInput;
  errors: Partial<Record<CardDetailsField, string>>;
  pending: boolean;
  onChange: (values: CardDetailsInput) => void;
  onSubmit: () => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const brand = typedCardBrand(values.number);
  const onEnter = submitOnEnter(onSubmit);
  return (
    <div className="add-card__step" onKeyDown={onEnter}>
      <div className="add-card__number">
        <TextField
          label={t('cards.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          maxLength={19}
          value={values.number}
          error={errors.card_number}
          className="add-card__number-field"
          onChange={(event) => {
            onChange({ ...values, number: formatCardNumber(event.target.value) });
          }}
        />
        <span className="add-card__brand" aria-live="polite">
          <CardBrandMark brand={brand} />
        </span>
      </div>
      <TextField
        label={t('cards.expiry')}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder={t('cards.expiryPlaceholder')}
        maxLength={5}
        value={values.expiry}
        error={errors.expiry}
        onChange={(event) => {
          onChange({ ...values, expiry: formatExpiryInput(event.target.value, values.expiry) });
        }}
      />
      <TextField
        label={t('cards.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        value={values.phone}
        error={errors.phone}
        help={t('cards.phoneHelp')}
        onChange={(event) => {
          onChange({ ...values, phone: event.target.value });
        }}
      />
      <div className="add-card__actions">
        {onCancel && (
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('cards.cancel')}
          </button>
        )}
        <PendingButton pending={pending} onClick={onSubmit}>
          {t('cards.sendCode')}
        </PendingButton>
      </div>
    </div>
  );
}
