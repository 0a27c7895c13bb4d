import type { SavedCard } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { telegramHaptic, useTelegramBackOverride } from '../../lib/telegram';
import { useCountdown } from '../../lib/utils/use-countdown';
import { CardCodeStep } from './card-code-step';
import { CardDetailsStep } from './card-details-step';
import { cardDetailsProblems, type CardDetailsField, type CardDetailsInput } from './card-input';
import { useConfirmCard, useCreateCard, useResendCardCode } from './api/card-mutations';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import './cards.css';

type Step =
  { name: 'details' } | { name: 'code'; cardId: number; maskedPhone: string; codeLength: number };

const DETAIL_FIELDS: readonly CardDetailsField[] = ['card_number', 'expiry', 'phone'];

function isDetailField(field: string): field is CardDetailsField {
  return (DETAIL_FIELDS as readonly string[]).includes(field);
}

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
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [values, setValues] = useState<CardDetailsInput>({
    number: '',
    expiry: '',
    phone: defaultPhone,
  });
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardDetailsField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const countdown = useCountdown();
  const createCard = useCreateCard();
  const resendCode = useResendCardCode();
  const confirmCard = useConfirmCard();
  const sessionEnded = useSessionEnded();

  const backToDetails = () => {
    setStep({ name: 'details' });
    setCode('');
    setCodeError(undefined);
  };
  // Inside Telegram its Back button leaves the code step for the card details, not the page.
  useTelegramBackOverride(step.name === 'code', backToDetails);

  const problems = checked ? cardDetailsProblems(values, new Date()) : {};
  const errors: Partial<Record<CardDetailsField, string>> = { ...serverErrors };
  for (const field of DETAIL_FIELDS) {
    const problem = problems[field];
    if (problem) errors[field] = t(`cards.problems.${problem}`);
  }

  const fail = (error: unknown) => {
    telegramHaptic('error');
    if (sessionEnded(error)) setAlert(t('errors.codes.unauthorized'));
  };

  const sendCode = () => {
    if (createCard.isPending) return;
    setChecked(true);
    setAlert(null);
    setServerErrors({});
    if (Object.keys(cardDetailsProblems(values, new Date())).length > 0) {
      telegramHaptic('error');
      requestAnimationFrame(() => {
        rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    createCard.mutate(
      { card_number: values.number, expiry: values.expiry, phone: values.phone },
      {
        onSuccess: (answer) => {
          setStep({
            name: 'code',
            cardId: answer.card_id,
            maskedPhone: answer.phone,
            codeLength: answer.code_length,
          });
          setCode('');
          setCodeError(undefined);
          countdown.start(answer.resend_after);
        },
        onError: (error) => {
          fail(error);
          const message = errorMessage(t, error);
          setAlert(message);
          if (!isApiError(error)) return;
          const fields: Partial<Record<CardDetailsField, string>> = {};
          for (const detail of error.details) {
            if (isDetailField(detail.field)) fields[detail.field] = message;
          }
          // A refused or expired card is about the number and the date even without details.
          if (error.code === 'card_invalid' && !fields.card_number) fields.card_number = message;
          if (error.code === 'card_expired' && !fields.expiry) fields.expiry = message;
          setServerErrors(fields);
        },
      },
    );
  };

  const confirm = () => {
    if (step.name !== 'code' || confirmCard.isPending) return;
    if (code.length !== step.codeLength) {
      setCodeError(t('cards.problems.code', { count: step.codeLength }));
      return;
    }
    confirmCard.mutate(
      { cardId: step.cardId, code },
      {
        onSuccess: (answer) => {
          telegramHaptic('success');
          onAdded(answer.data);
        },
        onError: (error) => {
          fail(error);
          if (isApiError(error) && error.code === 'card_code_attempts_exceeded') {
            // That code is burned: the card has to be sent again for a new one.
            backToDetails();
            setAlert(errorMessage(t, error));
            return;
          }
          setCodeError(errorMessage(t, error));
        },
      },
    );
  };

  const resend = () => {
    if (step.name !== 'code') return;
    resendCode.mutate(step.cardId, {
      onSuccess: (answer) => {
        setStep({ ...step, maskedPhone: answer.phone, codeLength: answer.code_length });
        setCodeError(undefined);
        countdown.start(answer.resend_after);
      },
      onError: (error) => {
        fail(error);
        setCodeError(errorMessage(t, error));
        if (isApiError(error) && error.retryAfter !== undefined) countdown.start(error.retryAfter);
      },
    });
  };

  return (
    <div ref={rootRef} className="add-card" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="add-card__title">
        {step.name === 'details' ? t('cards.addTitle') : t('cards.codeTitle')}
      </h3>
      {alert && (
        <p className="notice notice--error" role="alert">
          {alert}
        </p>
      )}
      {step.name === 'details' ? (
        <CardDetailsStep
          values={values}
          errors={errors}
          pending={createCard.isPending}
          onChange={(next) => {
            setValues(next);
            setServerErrors({});
          }}
          onSubmit={sendCode}
          onCancel={onCancel}
        />
      ) : (
        <CardCodeStep
          maskedPhone={step.maskedPhone}
          codeLength={step.codeLength}
          code={code}
          error={codeError}
          pending={confirmCard.isPending}
          resendIn={countdown.remaining}
          resending={resendCode.isPending}
          onChange={(next) => {
            setCode(next);
            setCodeError(undefined);
          }}
          onSubmit={confirm}
          onResend={resend}
          onBack={backToDetails}
        />
      )}
    </div>
  );
}
