// The add-card form's first step: the card's number, expiry and phone as typed, the problems
// shown under them, and "Send code", which the processor answers by texting a code or refusing.
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import type { CallResponse } from '../../lib/api/client';
import { errorMessage } from '../../lib/i18n/error-message';
import { telegramHaptic } from '../../lib/telegram';
import { useCreateCard } from './api/card-mutations';
import {
  cardDetailsProblems,
  DETAIL_FIELDS,
  refusedDetailFields,
  type CardDetailsField,
  type CardDetailsInput,
} from './card-input';

/** The details step's fields: what is typed, and why it cannot go (ours, then the processor's). */
export function useCardDetails(defaultPhone: string) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CardDetailsInput>({
    number: '',
    expiry: '',
    phone: defaultPhone,
  });
  // Our own problems show from the first "Send code" on, and follow the typing after it.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardDetailsField, string>>>({});

  const problems = checked ? cardDetailsProblems(values, new Date()) : {};
  const errors: Partial<Record<CardDetailsField, string>> = { ...serverErrors };
  for (const field of DETAIL_FIELDS) {
    const problem = problems[field];
    if (problem) errors[field] = t(`cards.problems.${problem}`);
  }

  return {
    values,
    setServerErrors,
    /** Starts showing our problems; true when there are none and the details may go. */
    check: () => {
      setChecked(true);
      setServerErrors({});
      return Object.keys(cardDetailsProblems(values, new Date())).length === 0;
    },
    field: {
      values,
      errors,
      change: (next: CardDetailsInput) => {
        setValues(next);
        setServerErrors({});
      },
    },
  };
}

/**
 * "Send code": our own check first (the first invalid field takes the focus), then the
 * processor's, whose refusal marks the fields it names.
 */
export function useSendDetails({
  details,
  root,
  fail,
  setAlert,
  onSent,
}: {
  details: ReturnType<typeof useCardDetails>;
  root: RefObject<HTMLDivElement | null>;
  fail: (error: unknown) => void;
  setAlert: (alert: string | null) => void;
  /** The processor texted a code: the code step opens. */
  onSent: (answer: CallResponse<'createCard'>) => void;
}) {
  const { t } = useTranslation();
  const createCard = useCreateCard();
  const sendCode = () => {
    if (createCard.isPending) return;
    setAlert(null);
    if (!details.check()) {
      telegramHaptic('error');
      requestAnimationFrame(() => {
        root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    const { number, expiry, phone } = details.values;
    createCard.mutate(
      { card_number: number, expiry, phone },
      {
        onSuccess: onSent,
        onError: (error) => {
          fail(error);
          const message = errorMessage(t, error);
          setAlert(message);
          if (isApiError(error)) details.setServerErrors(refusedDetailFields(error, message));
        },
      },
    );
  };
  return { run: sendCode, pending: createCard.isPending };
}
