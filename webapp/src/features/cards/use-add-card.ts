import type { SavedCard } from '@shop/shared';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { errorMessage } from '../../lib/i18n/error-message';
import {
  telegramHaptic,
  useTelegramBackOverride,
  useTelegramClosingConfirmation,
} from '../../lib/telegram';
import { useCountdown } from '../../lib/utils/use-countdown';
import { useConfirmCard, useResendCardCode } from './api/card-mutations';
import { codeWentElsewhere } from './card-input';
import { useCardDetails, useSendDetails } from './use-card-details';

type Step =
  | { name: 'details' }
  | {
      name: 'code';
      cardId: number;
      maskedPhone: string;
      codeLength: number;
      /** The number typed, when the bank texted another one (the card's own). */
      typedPhone: string | null;
    };

/**
 * The add-card form's state: the details (checked here, then by the processor), the code step
 * with its resend wait, and what each refusal says and where. `root` is the form, whose first
 * invalid field takes the focus.
 */
export function useAddCard({
  defaultPhone,
  onAdded,
  root,
}: {
  defaultPhone: string;
  onAdded: (card: SavedCard) => void;
  root: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [alert, setAlert] = useState<string | null>(null);
  const details = useCardDetails(defaultPhone);
  const code = useCardCode();
  const sessionEnded = useSessionEnded();

  const backToDetails = () => {
    setStep({ name: 'details' });
    code.clear();
  };
  // Inside Telegram its Back button leaves the code step for the card details, not the page.
  useTelegramBackOverride(step.name === 'code', backToDetails);
  // A half-typed card (or one waiting for its code) would be lost with the app: ask first.
  useTelegramClosingConfirmation(
    step.name === 'code' || details.values.number !== '' || details.values.expiry !== '',
  );

  const fail = (error: unknown) => {
    telegramHaptic('error');
    if (sessionEnded(error)) setAlert(t('errors.codes.unauthorized'));
  };

  const send = useSendDetails({
    details,
    root,
    fail,
    setAlert,
    onSent: (answer) => {
      const typed = details.values.phone;
      setStep({
        name: 'code',
        cardId: answer.card_id,
        maskedPhone: answer.phone,
        codeLength: answer.code_length,
        typedPhone: codeWentElsewhere(answer.phone, typed) ? typed : null,
      });
      code.clear();
      code.countdown.start(answer.resend_after);
    },
  });

  const { confirm, resend } = useCodeActions({
    step,
    code,
    fail,
    onAdded,
    onBurned: (message) => {
      backToDetails();
      setAlert(message);
    },
    setMaskedPhone: (maskedPhone, codeLength) => {
      if (step.name === 'code') setStep({ ...step, maskedPhone, codeLength });
    },
  });

  return {
    step,
    alert,
    details: { ...details.field, pending: send.pending, submit: send.run },
    code: {
      ...code.field,
      resendIn: code.countdown.remaining,
      pending: confirm.isPending,
      resending: resend.isPending,
      submit: confirm.run,
      resend: resend.run,
      back: backToDetails,
    },
  };
}

/** The code step's field and the wait before "Send again". */
function useCardCode() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const countdown = useCountdown();
  return {
    value,
    setError,
    countdown,
    clear: () => {
      setValue('');
      setError(undefined);
    },
    field: {
      value,
      error,
      change: (next: string) => {
        setValue(next);
        setError(undefined);
      },
    },
  };
}

/** "Confirm" and "Send again" of the code step, for the card `step` names. */
function useCodeActions({
  step,
  code,
  fail,
  onAdded,
  onBurned,
  setMaskedPhone,
}: {
  step: Step;
  code: ReturnType<typeof useCardCode>;
  fail: (error: unknown) => void;
  onAdded: (card: SavedCard) => void;
  /** Too many wrong codes: the details must go again, with this message. */
  onBurned: (message: string) => void;
  /** A new code went to this phone, of this length. */
  setMaskedPhone: (maskedPhone: string, codeLength: number) => void;
}) {
  const { t } = useTranslation();
  const resendCode = useResendCardCode();
  const confirmCard = useConfirmCard();

  const confirm = () => {
    if (step.name !== 'code' || confirmCard.isPending) return;
    if (code.value.length !== step.codeLength) {
      code.setError(t('cards.problems.code', { count: step.codeLength }));
      return;
    }
    confirmCard.mutate(
      { cardId: step.cardId, code: code.value },
      {
        onSuccess: (answer) => {
          telegramHaptic('success');
          onAdded(answer.data);
        },
        onError: (error) => {
          fail(error);
          if (isApiError(error) && error.code === 'card_code_attempts_exceeded') {
            // That code is burned: the card has to be sent again for a new one.
            onBurned(errorMessage(t, error));
            return;
          }
          // As at sign-in: how many more tries this code allows.
          if (isApiError(error) && error.code === 'card_code_invalid' && error.attemptsLeft) {
            code.setError(t('errors.otpInvalidAttempts', { count: error.attemptsLeft }));
            return;
          }
          code.setError(errorMessage(t, error));
        },
      },
    );
  };

  const resend = () => {
    if (step.name !== 'code') return;
    resendCode.mutate(step.cardId, {
      onSuccess: (answer) => {
        setMaskedPhone(answer.phone, answer.code_length);
        code.setError(undefined);
        code.countdown.start(answer.resend_after);
      },
      onError: (error) => {
        fail(error);
        code.setError(errorMessage(t, error));
        if (isApiError(error) && error.retryAfter !== undefined) {
          code.countdown.start(error.retryAfter);
        }
      },
    });
  };

  return {
    confirm: { run: confirm, isPending: confirmCard.isPending },
    resend: { run: resend, isPending: resendCode.isPending },
  };
}
