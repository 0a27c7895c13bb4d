import { buildPath } from '@shop/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { ErrorState, PageTitle, Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrderOfUrl } from './use-order-of-url';
import type { CardChooserSlot } from './card-chooser-slot';
import { PayOrder } from './pay-order';
import { confirmedPath } from './order-paths';
import './checkout.css';

/**
 * /checkout/payment?order=<number>: pays an unpaid prepaid order (a declined card, an interrupted
 * checkout, an app payment to make) in any online way it may be paid. A paid, cancelled or
 * on-receipt order says so and shows the way to the orders; an order paid while the page waited
 * for it (back from a provider's page: `&returned=1`) goes on to the confirmation.
 */
export function PaymentPage({ CardChooser }: { CardChooser: CardChooserSlot }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { number, order } = useOrderOfUrl();
  const location = useLocation();
  const [awaiting, setAwaiting] = useState(
    () => new URLSearchParams(location.search).get('returned') === '1',
  );
  const { refetch } = order;
  const refresh = useCallback(() => {
    void refetch();
  }, [refetch]);
  useDocumentTitle(t('payment.title'));

  const ordersLink = (
    <Link className="btn btn--primary btn--block" to={buildPath(lang, 'orders')}>
      {t('confirmed.myOrders')}
    </Link>
  );
  const notice = (text: string) => (
    <div className="payment payment--notice">
      <PageTitle>{t('payment.title')}</PageTitle>
      <p className="notice" role="status">
        {text}
      </p>
      {ordersLink}
    </div>
  );

  if (number === null || (isApiError(order.error) && order.error.status === 404)) {
    return notice(t('payment.notFound'));
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
  if (data.status === 'cancelled') return notice(t('payment.cancelled', { number: data.number }));
  if (data.payment_status === 'paid') {
    if (awaiting) return <Navigate to={confirmedPath(lang, data.number)} replace />;
    return notice(t('payment.alreadyPaid', { number: data.number }));
  }
  if (data.payment_status === 'not_required') {
    return notice(t('payment.onReceipt', { number: data.number }));
  }
  return (
    <PayOrder
      order={data}
      CardChooser={CardChooser}
      onChanged={refresh}
      awaiting={awaiting}
      onAwait={() => {
        setAwaiting(true);
      }}
    />
  );
}
