import { buildPath, ERROR_CODES, formatMoney, formatUzPhone, type Order } from '@shop/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError, type ClientErrorCode } from '../../lib/api/api-error';
import { CardChooser } from '../../lib/cards/card-chooser';
import { usePayOrder } from '../../lib/cards/card-mutations';
import { useSessionEnded } from '../../lib/cards/use-session-ended';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth } from '../../lib/services/services-context';
import { telegramHaptic, useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { ErrorState, PageTitle, Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrder } from './api/get-order';
import { OrderDetails } from './order-details';
import { confirmedPath } from './use-place-order';
import './checkout.css';

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

const CLIENT_CODES: readonly string[] = [...ERROR_CODES, 'network_error', 'invalid_response'];

/** The failed charge checkout handed over in the history state (which a reload keeps). */
function failedCode(state: unknown): ClientErrorCode | null {
  if (typeof state !== 'object' || state === null || !('failed' in state)) return null;
  const failed: unknown = state.failed;
  return typeof failed === 'string' && CLIENT_CODES.includes(failed)
    ? (failed as ClientErrorCode)
    : null;
}

/** '2026-05-15T09:35:00Z' → '14:35' on a phone in Tashkent: the time the order is held until. */
function clockTime(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * /checkout/payment?order=<number>: pays an unpaid card order (a declined card, an interrupted
 * checkout) with a saved card or a new one. A paid, cancelled or on-receipt order says so and
 * shows the way to the orders.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const raw = params.get('order');
  const number = raw !== null && ORDER_NUMBER.test(raw) ? raw : null;
  const order = useOrder(number);
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
  if (data.payment_status === 'paid')
    return notice(t('payment.alreadyPaid', { number: data.number }));
  if (data.payment_status === 'not_required') {
    return notice(t('payment.onReceipt', { number: data.number }));
  }
  return (
    <PayOrder
      order={data}
      onChanged={() => {
        void order.refetch();
      }}
    />
  );
}

function PayOrder({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const isTelegram = useIsTelegram();
  const phone = useAuth((state) => state.user?.phone ?? '');
  const payOrder = usePayOrder();
  const sessionEnded = useSessionEnded();
  const [cardId, setCardId] = useState(0);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [failure, setFailure] = useState<string | null>(() => {
    const code = failedCode(location.state);
    return code === null ? null : t(`errors.codes.${code}`);
  });
  const selectCard = useCallback((id: number) => {
    setCardId(id);
  }, []);

  const pay = () => {
    if (payOrder.isPending) return;
    if (cardId === 0) {
      setFailure(t('checkout.invalid.currentCard'));
      return;
    }
    setFailure(null);
    payOrder.mutate(
      { number: order.number, cardId },
      {
        onSuccess: (answer) => {
          telegramHaptic('success');
          void navigate(confirmedPath(lang, answer.data.number), { replace: true });
        },
        onError: (error) => {
          telegramHaptic('error');
          if (sessionEnded(error)) return;
          setFailure(errorMessage(t, error));
          requestAnimationFrame(() => {
            alertRef.current?.scrollIntoView({ block: 'center' });
          });
          // Paid meanwhile (another tab) or cancelled: the order itself says which.
          if (isApiError(error) && error.code === 'order_not_payable') onChanged();
        },
      },
    );
  };

  useTelegramMainButton({
    text: t('payment.pay'),
    visible: true,
    enabled: cardId !== 0,
    loading: payOrder.isPending,
    onClick: pay,
  });

  return (
    <div className="payment">
      <PageTitle subtitle={t('payment.orderNumber', { number: order.number })}>
        {t('payment.title')}
      </PageTitle>
      {failure && (
        <p ref={alertRef} className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {order.pay_until && (
        <p className="notice payment__until">
          {t('payment.payWithin', { time: clockTime(order.pay_until) })}
        </p>
      )}
      <OrderDetails order={order} titleId="payment-order" />
      <section className="card" aria-labelledby="payment-cards">
        <h2 id="payment-cards" className="card__title">
          {t('payment.cardTitle')}
        </h2>
        <CardChooser
          selected={cardId}
          onSelect={selectCard}
          defaultPhone={phone === '' ? '' : formatUzPhone(phone)}
          disabled={payOrder.isPending}
        />
      </section>
      {payOrder.isPending && (
        <p className="summary__pending" role="status">
          {t('payment.paying')}
        </p>
      )}
      {!isTelegram && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={payOrder.isPending || cardId === 0}
          aria-busy={payOrder.isPending}
          onClick={pay}
        >
          {payOrder.isPending && <span className="btn__spinner" aria-hidden="true" />}
          {t('payment.payAmount', { amount: formatMoney(order.total, lang) })}
        </button>
      )}
    </div>
  );
}
