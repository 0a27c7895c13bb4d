import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAuth } from '../services/services-context';
import {
  initDataAllowsWrite,
  requestTelegramWriteAccess,
  useIsTelegram,
  useTelegramEnv,
} from '../telegram';
import { telegramLinkKeys } from './telegram-link-keys';
import { telegramLinkStatusQueryOptions } from './telegram-link-calls';
import { reportWriteAccess } from './write-access';

// Telegram's own popup is shown at most once per app session without a tap.
let askedThisSession = false;

/**
 * Inside Telegram, lets the shopper allow the bot to write (requestWriteAccess) and tells the
 * server the answer; the link status is read again either way.
 */
function useAllowMessages() {
  const api = useApi();
  const queryClient = useQueryClient();
  const initData = useTelegramEnv()?.rawInitData ?? null;
  return useMutation({
    mutationFn: async () => {
      const answer = await requestTelegramWriteAccess();
      if (answer === 'unsupported' || initData === null) return answer;
      await reportWriteAccess(api, initData, answer === 'allowed');
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramLinkKeys.all }),
  });
}

/**
 * "Telegram updates are off" where an order is shown, when the bot may not write to any of the
 * shopper's chats (write access refused, or Telegram refused a message). Inside Telegram it offers
 * "Allow messages"; with `askNow`, a launch whose init data lacks the permission asks at once,
 * once per session: right after an order is placed, the reason is on the screen.
 */
export function TelegramUpdatesOffNotice({ askNow = false }: { askNow?: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const isTelegram = useIsTelegram();
  const rawInitData = useTelegramEnv()?.rawInitData ?? null;
  const customerId = useAuth((state) => state.user?.id ?? null);
  const status = useQuery(telegramLinkStatusQueryOptions(api, customerId, false));
  const allow = useAllowMessages();
  const askAtOnce = askNow && isTelegram && !initDataAllowsWrite(rawInitData);
  const { mutate } = allow;
  useEffect(() => {
    if (!askAtOnce || askedThisSession) return;
    askedThisSession = true;
    mutate();
  }, [askAtOnce, mutate]);

  const askedNow = askNow && (allow.isPending || allow.isSuccess);
  if (!askedNow && status.data?.unreachable !== true) return null;
  const refused = allow.data === 'cancelled';
  const allowed = allow.data === 'allowed';
  return (
    <section className="notice notice--info telegram-off" aria-live="polite">
      <p>
        {allowed
          ? t('orderUpdates.allowed')
          : refused
            ? t('orderUpdates.refused')
            : askedNow
              ? t('orderUpdates.why')
              : t('orderUpdates.off')}
      </p>
      {isTelegram && !allowed && (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={allow.isPending}
          onClick={() => {
            allow.mutate();
          }}
        >
          {t('orderUpdates.allow')}
        </button>
      )}
    </section>
  );
}
