import { buildPath, formatMoney, type Order } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { EmptyState, ErrorState, PageTitle, Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrders } from './api/get-orders';
import './orders.css';

const DATE_LOCALE = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' } as const;

export function OrdersPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('orders.title'));
  const orders = useOrders();
  return (
    <div>
      <PageTitle>{t('orders.title')}</PageTitle>
      {orders.isPending && <Spinner label={t('common.loading')} />}
      {orders.isError && (
        <ErrorState
          message={errorMessage(t, orders.error)}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      )}
      {orders.data?.data.length === 0 && (
        <EmptyState
          title={t('orders.empty')}
          action={
            <Link className="btn btn--primary" to={buildPath(lang, 'catalog')}>
              {t('common.goToCatalog')}
            </Link>
          }
        />
      )}
      {orders.data && orders.data.data.length > 0 && (
        <ul className="orders">
          {orders.data.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const date = new Date(order.created_at);
  const dateText = Number.isNaN(date.getTime())
    ? order.created_at
    : date.toLocaleDateString(DATE_LOCALE[lang], {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
  return (
    <li className="card order-card">
      <div className="order-card__head">
        <h2 className="order-card__number">{t('orders.number', { number: order.number })}</h2>
        <span className={`status status--${order.status}`}>
          {t(`orders.statuses.${order.status}`)}
        </span>
      </div>
      <p className="muted">{t('orders.placedOn', { date: dateText })}</p>
      <ul className="order-card__items">
        {order.items.map((item) => (
          <li key={item.product_id}>
            {item.name} × {item.quantity}
          </li>
        ))}
      </ul>
      <p className="order-card__total">
        {t('checkout.total')}: <strong>{formatMoney(order.total, lang)}</strong>
      </p>
    </li>
  );
}
