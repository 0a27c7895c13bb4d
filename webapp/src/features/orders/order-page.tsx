import { buildPath, isFinalStatus, isSlug } from '@shop/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { TelegramUpdatesOffNotice } from '../../lib/telegram-link/updates-off-notice';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useIsTelegram, useTelegramBackOverride } from '../../lib/telegram';
import { ChevronLeftIcon } from '../../lib/ui/icons';
import { EmptyState, ErrorState } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrderPage } from './api/get-order-page';
import { OrderHistory } from './order-history';
import { OrderView } from './order-view';
import type { FromOrdersList } from './orders-page';
import './orders.css';

function cameFromList(state: unknown): state is FromOrdersList {
  return typeof state === 'object' && state !== null && 'fromList' in state;
}

/** `/{lang}/account/orders/{number}`: one of the shopper's orders and its history. */
export function OrderPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const number = useParams().number ?? '';
  const listPath = buildPath(lang, 'orders');
  const { lookup, details } = useOrderPage(number);
  useDocumentTitle(t('orders.number', { number }));

  // Inside Telegram Back leads to the list, also when the order was opened from a chat's button.
  useTelegramBackOverride(true, () => {
    if (cameFromList(location.state)) void navigate(-1);
    else void navigate(listPath, { replace: true });
  });

  const sessionEnded = useSessionEnded();
  const failure = lookup.error ?? details.error;
  useEffect(() => {
    if (failure) sessionEnded(failure);
  }, [failure, sessionEnded]);

  const notFound =
    !isSlug(number) ||
    (isApiError(lookup.error) && lookup.error.status === 404) ||
    (isApiError(details.error) && details.error.status === 404);

  let body;
  if (notFound) {
    body = (
      <EmptyState
        title={t('orders.number', { number })}
        text={t('orders.notFound')}
        action={
          <Link className="btn btn--primary" to={listPath}>
            {t('orders.backToList')}
          </Link>
        }
      />
    );
  } else if (lookup.isError) {
    body = (
      <ErrorState
        message={errorMessage(t, lookup.error)}
        onRetry={() => void lookup.refetch()}
        retrying={lookup.isFetching}
      />
    );
  } else if (!lookup.data) {
    body = <OrderSkeleton label={t('common.loading')} />;
  } else {
    // The details call is the fresher of the two (the number's answer may be the one "Place
    // order" left in the cache); the status history is read from it alone.
    const order = details.data?.data ?? lookup.data.data;
    body = (
      <OrderView order={order}>
        {!isFinalStatus(order.status) && <TelegramUpdatesOffNotice />}
        <OrderHistory details={details} />
      </OrderView>
    );
  }

  return (
    <div className="order-page">
      <BackToList />
      {body}
    </div>
  );
}

/** The page's own way back; inside Telegram its BackButton does this. */
function BackToList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (useIsTelegram()) return null;
  return (
    <Link className="order-page__back" to={buildPath(lang, 'orders')}>
      <ChevronLeftIcon size={18} />
      {t('orders.backToList')}
    </Link>
  );
}

function OrderSkeleton({ label }: { label: string }) {
  return (
    <div className="order-page__skeleton" aria-busy="true" aria-label={label}>
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--text" style={{ width: '40%' }} />
      <div className="card">
        {[0, 1].map((index) => (
          <span key={index} className="order-line">
            <span className="skeleton order-line__picture" />
            <span className="skeleton skeleton--text" />
          </span>
        ))}
      </div>
      <div className="card">
        <span className="skeleton skeleton--text" />
        <span className="skeleton skeleton--text" style={{ width: '70%' }} />
      </div>
    </div>
  );
}
