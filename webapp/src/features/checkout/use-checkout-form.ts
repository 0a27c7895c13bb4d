import type { DeliverySettings } from '@shop/shared';
import { useCallback, useState } from 'react';
import { useAuth, useServices } from '../../lib/services/services-context';
import { useTelegramEnv } from '../../lib/telegram';
import { useSavedAddress } from './api/get-saved-address';
import type { CheckoutErrors, CheckoutField, CheckoutForm } from './checkout-form';
import {
  addressFromSaved,
  effectiveCheckoutForm,
  hasAddress,
  restoreCheckoutForm,
  restoredDraft,
  saveCheckoutDraft,
} from './checkout-form-values';

// Changing one of these changes what the rest of the form is judged against.
const CHOICE_FIELDS: readonly CheckoutField[] = ['deliveryType', 'region', 'paymentType'];

export interface CheckoutFormState {
  form: CheckoutForm;
  errors: CheckoutErrors;
  update: (patch: Partial<CheckoutForm>) => void;
  setErrors: (errors: CheckoutErrors) => void;
  /** Whether the form holds what the shopper entered (now or earlier in this tab). */
  edited: boolean;
}

/**
 * The one checkout form model of the page: restored from the tab's draft (so an error, a reload
 * or a sign-in in between loses nothing), saved on every change, prefilled with the shopper's
 * last address when the draft has none, and kept within what the delivery settings allow.
 */
export function useCheckoutForm(settings: DeliverySettings | undefined): CheckoutFormState {
  const { session } = useServices();
  const user = useAuth((state) => state.user);
  const telegramName = useTelegramEnv()?.profileName ?? null;
  const [draft, setDraft] = useState<CheckoutForm>(() =>
    restoreCheckoutForm(session, user, telegramName),
  );
  const [edited, setEdited] = useState(() => restoredDraft(session) !== null);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const form = effectiveCheckoutForm(draft, settings);

  const update = useCallback(
    (patch: Partial<CheckoutForm>) => {
      setEdited(true);
      setDraft((current) => {
        const next = { ...effectiveCheckoutForm(current, settings), ...patch };
        saveCheckoutDraft(session, next);
        return next;
      });
      const keys = Object.keys(patch) as CheckoutField[];
      setErrors((current) => {
        if (keys.some((key) => CHOICE_FIELDS.includes(key))) return {};
        return Object.fromEntries(
          Object.entries(current).filter(([key]) => !keys.includes(key as CheckoutField)),
        );
      });
    },
    [session, settings],
  );

  // Once per visit, as soon as the backend's copy arrives; a draft with an address keeps it.
  const saved = useSavedAddress();
  const [prefilled, setPrefilled] = useState(false);
  if (saved.data !== undefined && !prefilled) {
    setPrefilled(true);
    if (saved.data && !hasAddress(draft)) setDraft({ ...draft, ...addressFromSaved(saved.data) });
  }

  return { form, errors, update, setErrors, edited };
}
