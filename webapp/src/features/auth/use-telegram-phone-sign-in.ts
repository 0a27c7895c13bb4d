import { PHONE_NOT_UZBEK_RULE } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { useApi, useServices } from '../../lib/services/services-context';
import { requestTelegramContact, useTelegramEnv } from '../../lib/telegram';
import { signInWithTelegramPhone } from './api/telegram-phone-sign-in';

/** How the one-tap sign-in ended when it did not sign in: the SMS step shows why. */
export type PhoneShareOutcome = { kind: 'signed_in' } | { kind: 'use_sms'; reason: string | null };

/**
 * "Share my Telegram number": asks Telegram for the account's phone, lets the server check the
 * signed contact and sign in. A refusal, a foreign number or a client that cannot share leads to
 * the SMS code with the reason; a contact the server could not check leaves the shopper here to
 * try again (the error is shown) or pick the SMS code.
 */
export function useTelegramPhoneSignIn(
  onDone: (outcome: PhoneShareOutcome) => void,
  onCompleting: (value: boolean) => void,
) {
  const { t } = useTranslation();
  const api = useApi();
  const { auth } = useServices();
  const initData = useTelegramEnv()?.rawInitData ?? null;
  const share = useMutation({
    mutationFn: async (): Promise<PhoneShareOutcome> => {
      const contact = await requestTelegramContact();
      if (contact.kind === 'cancelled') {
        return { kind: 'use_sms', reason: t('auth.telegram.cancelled') };
      }
      if (contact.kind !== 'shared' || initData === null) {
        return { kind: 'use_sms', reason: t('auth.telegram.failed') };
      }
      try {
        const answer = await signInWithTelegramPhone(api, {
          init_data: initData,
          contact: contact.raw,
        });
        // The page keeps this flow on screen while the signed-in state arrives.
        onCompleting(true);
        await auth.getState().signIn(answer.access_token, answer.user);
        return { kind: 'signed_in' };
      } catch (error) {
        const notUzbek =
          isApiError(error) && error.details.some((d) => d.rule === PHONE_NOT_UZBEK_RULE);
        if (notUzbek) return { kind: 'use_sms', reason: t('auth.telegram.notUzbek') };
        throw error;
      }
    },
    onSuccess: onDone,
  });
  return {
    start: () => {
      share.mutate();
    },
    pending: share.isPending,
    error: share.isError ? t('auth.telegram.refused') : null,
  };
}
