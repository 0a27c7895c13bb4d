import { LINK_TOKEN_TTL_SECONDS, type TelegramLinkTokenAnswer } from '@shop/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { useApi, useAuth } from '../../lib/services/services-context';
import { OutsideLink, telegramOpenTelegramLink, useIsTelegram } from '../../lib/telegram';
import {
  createTelegramLinkToken,
  telegramLinkStatusQueryOptions,
} from '../../lib/telegram-link/telegram-link-calls';
import { isApiError } from '../../lib/api/api-error';
import { TelegramUpdatesOffNotice } from '../../lib/telegram-link/updates-off-notice';
import { CheckIcon } from '../../lib/ui/icons';
import { ErrorState } from '../../lib/ui/states';

/**
 * "Order updates in Telegram" on the account page: says so when this account's chat is linked,
 * says they are off when the bot may not write to it (inside Telegram with "Allow messages"),
 * otherwise offers a one-time t.me link to the bot (its Start press links the chat). Hidden when
 * the server runs without a bot.
 *
 * The link is fetched first and then shown as a plain link the shopper taps: a window opened after
 * the fetch would be a popup the browser may block. Inside Telegram it opens at once through
 * openTelegramLink, which is no popup.
 */
export function TelegramUpdates() {
  const { t } = useTranslation();
  const api = useApi();
  const isTelegram = useIsTelegram();
  const customerId = useAuth((state) => state.user?.id ?? null);
  const link = useTelegramLink(isTelegram);
  const status = useQuery(telegramLinkStatusQueryOptions(api, customerId, link.pending !== null));

  // No bot, or a server without the link calls: nothing to offer.
  const noLinkCalls = isApiError(status.error) && status.error.status === 404;
  if (status.data?.enabled === false || (noLinkCalls && !status.data)) return null;

  let body;
  if (status.data?.linked) {
    const bot = status.data.bot_username;
    body = (
      <p className="telegram-updates__linked" role="status">
        <CheckIcon size={20} className="telegram-updates__check" />
        <span>{bot ? t('account.telegram.linkedBot', { bot }) : t('account.telegram.linked')}</span>
      </p>
    );
  } else if (status.data?.unreachable && isTelegram) {
    // Inside Telegram the bot's permission is one tap away.
    body = <TelegramUpdatesOffNotice />;
  } else if (status.data) {
    body = <LinkOffer link={link} unreachable={status.data.unreachable} />;
  } else if (status.isError) {
    body = (
      <ErrorState
        message={t('account.telegram.loadFailed')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  } else {
    body = (
      <p className="telegram-updates__loading muted" role="status">
        <span className="spinner" aria-hidden="true">
          <span className="spinner__circle" />
        </span>
        {t('account.telegram.loading')}
      </p>
    );
  }

  return (
    <section className="card telegram-updates" aria-labelledby="account-telegram-title">
      <h2 id="account-telegram-title" className="card__title">
        {t('account.telegram.title')}
      </h2>
      {body}
    </section>
  );
}

type TelegramLink = ReturnType<typeof useTelegramLink>;

/**
 * The one-time link to the bot: asked for on a press, opened at once inside Telegram, and taken
 * away when it expires.
 */
function useTelegramLink(isTelegram: boolean) {
  const api = useApi();
  // The link waiting for its Start press, and whether Telegram opened it by itself.
  const [pending, setPending] = useState<{
    answer: TelegramLinkTokenAnswer;
    opened: boolean;
  } | null>(null);
  const create = useMutation({
    mutationFn: () => createTelegramLinkToken(api),
    onSuccess: (answer) => {
      setPending({ answer, opened: isTelegram && telegramOpenTelegramLink(answer.url) });
    },
  });

  // An expired link is taken away: the button gives a fresh one.
  useEffect(() => {
    if (!pending) return;
    const left = Date.parse(pending.answer.expires_at) - Date.now();
    const timer = setTimeout(
      () => {
        setPending(null);
      },
      Math.max(0, left),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [pending]);

  return { pending, create };
}

/** The chat is not linked: the button that gets the link, then the link and how to use it. */
function LinkOffer({
  link,
  unreachable,
}: {
  link: TelegramLink;
  unreachable: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { pending, create } = link;
  return (
    <>
      {unreachable && (
        <p className="telegram-updates__off" role="status">
          {t('orderUpdates.off')}
        </p>
      )}
      <p className="muted">{t('account.telegram.intro')}</p>
      {pending ? (
        <>
          {!pending.opened && (
            <OutsideLink className="btn btn--primary btn--block" href={pending.answer.url}>
              {t('account.telegram.open')}
            </OutsideLink>
          )}
          <p className="field__hint muted" role="status">
            {pending.opened
              ? t('account.telegram.opened')
              : t('account.telegram.openHint', { minutes: LINK_TOKEN_TTL_SECONDS / 60 })}
          </p>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={create.isPending}
          onClick={() => {
            create.mutate();
          }}
        >
          {create.isPending ? t('account.telegram.preparing') : t('account.telegram.get')}
        </button>
      )}
      {create.isError && !pending && (
        <p className="field__error" role="alert">
          {errorMessage(t, create.error)}
        </p>
      )}
    </>
  );
}
