import { buildPath, isSlug } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { TelegramUpdatesOffNotice } from '../../lib/telegram-link/updates-off-notice';
import { Link, Navigate, useLocation } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth } from '../../lib/services/services-context';
import { CheckIcon } from '../../lib/ui/icons';
import { ErrorState, Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { errorMessage } from '../../lib/i18n/error-message';
import { isApiError } from '../../lib/api/api-error';
import { useOrderOfUrl } from './use-order-of-url';
import { OrderDetails } from './order-details';
import { paymentPath } from './use-place-order';
import './checkout.css';

/**
 * "Order confirmed!" only for an order of the signed-in shopper that needs nothing more: no order
 * (or not theirs) leads to their orders, a guest to sign-in and then the order's page, an unpaid card order (or a
 * cancelled one) to the payment page, which says what became of it.
 */
export function ConfirmedPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const location = useLocation();
  const { number, order } = useOrderOfUrl();
  const signedIn = useAuth((state) => state.isAuthenticated);
  useDocumentTitle(t('confirmed.title'));

  if (!signedIn) {
    // Opened later, signed out (a link kept from the chat, another device): after sign-in the
    // shopper lands on that order's own page, which shows where it stands now.
    const next = encodeURIComponent(
      number !== null && isSlug(number)
        ? buildPath(lang, 'order', { number })
        : location.pathname + location.search,
    );
    return <Navigate to={`${buildPath(lang, 'signIn')}?next=${next}`} replace />;
  }
  if (number === null || (isApiError(order.error) && order.error.status === 404)) {
    return <Navigate to={buildPath(lang, 'orders')} replace />;
  }
  if (order.isPending) return <Spinner label={t('common.loading')} />;
  if (order.isError) {
    return (
      <ErrorState
        message={errorMessage(t, order.error)}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  const data = order.data.data;
  if (data.payment_status === 'unpaid' || data.status === 'cancelled') {
    return <Navigate to={paymentPath(lang, data.number)} replace />;
  }

  return (
    <div className="confirmed">
      <span className="confirmed__icon" aria-hidden="true">
        <CheckIcon size={40} />
      </span>
      <h1 className="confirmed__title">{t('confirmed.title')}</h1>
      <p className="confirmed__thanks">{t('confirmed.thanks')}</p>
      <p className="confirmed__number">{t('confirmed.number', { number: data.number })}</p>
      <TelegramUpdatesOffNotice askNow />
      <OrderDetails order={data} titleId="confirmed-details" />
      <div className="confirmed__actions">
        <Link className="btn btn--primary btn--block" to={buildPath(lang, 'home')}>
          {t('common.continueShopping')}
        </Link>
        <Link className="btn btn--secondary btn--block" to={buildPath(lang, 'orders')}>
          {t('confirmed.myOrders')}
        </Link>
      </div>
    </div>
  );
}
