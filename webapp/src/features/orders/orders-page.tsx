import { buildPath, formatMoney, type Order } from '@shop/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDate } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronRightIcon } from '../../lib/ui/icons';
import { ProductImage } from '../../lib/ui/product-image';
import { EmptyState, ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrders } from './api/get-orders';
import { ordersOfPages, pieceCount } from './order-list';
import { StatusBadge } from './status-badge';
import './orders.css';

/** Link state telling the order page that Back may simply return to this list. */
export interface FromOrdersList {
  fromList: true;
}

/** Pictures on a card: enough to recognise an order, few enough to fit 360 px. */
const CARD_PICTURES = 4;

export function OrdersPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('orders.title'));
  const orders = useOrders();
  const sessionEnded = useSessionEnded();
  useEffect(() => {
    if (orders.error) sessionEnded(orders.error);
  }, [orders.error, sessionEnded]);

  const list = orders.data ? ordersOfPages(orders.data.pages) : [];
  const total = orders.data?.pages.at(-1)?.meta.total ?? 0;
  return (
    <div className="orders-page">
      <PageTitle>{t('orders.title')}</PageTitle>
      {orders.isPending && <OrdersSkeleton label={t('common.loading')} />}
      {orders.isError && !orders.isFetchNextPageError && (
        <ErrorState
          message={errorMessage(t, orders.error)}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      )}
      {orders.data && list.length === 0 && (
        <EmptyState
          title={t('orders.empty')}
          action={
            <Link className="btn btn--primary" to={buildPath(lang, 'catalog')}>
              {t('common.goToCatalog')}
            </Link>
          }
        />
      )}
      {list.length > 0 && (
        <ul className="orders" aria-label={t('orders.title')}>
          {list.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      {orders.isFetchNextPageError && (
        <ErrorState
          message={errorMessage(t, orders.error)}
          onRetry={() => void orders.fetchNextPage()}
          retrying={orders.isFetchingNextPage}
        />
      )}
      {orders.hasNextPage && !orders.isFetchNextPageError && (
        <div className="orders__more">
          <p className="muted">{t('orders.shown', { shown: list.length, total })}</p>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => void orders.fetchNextPage()}
            disabled={orders.isFetchingNextPage}
            aria-busy={orders.isFetchingNextPage}
          >
            {orders.isFetchingNextPage ? t('common.loading') : t('orders.showMore')}
          </button>
        </div>
      )}
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const state: FromOrdersList = { fromList: true };
  return (
    <li>
      <Link
        className="card order-card"
        to={buildPath(lang, 'order', { number: order.number })}
        state={state}
      >
        <span className="order-card__head">
          <span className="order-card__number">{t('orders.number', { number: order.number })}</span>
          <StatusBadge status={order.status} />
        </span>
        <span className="order-card__date muted">
          {t('orders.placedOn', { date: formatDate(order.created_at, lang) })}
        </span>
        <span className="order-card__pictures" aria-hidden="true">
          {order.items.slice(0, CARD_PICTURES).map((item) => (
            <ProductImage
              key={item.product_id}
              className="order-card__picture"
              image={item.img_url ? { url: item.img_url, width: 96, height: 96 } : undefined}
              alt=""
            />
          ))}
          {order.items.length > CARD_PICTURES && (
            <span className="order-card__more">+{order.items.length - CARD_PICTURES}</span>
          )}
        </span>
        <span className="order-card__foot">
          <span className="muted">{t('orders.itemCount', { count: pieceCount(order) })}</span>
          <strong className="order-card__total">{formatMoney(order.total, lang)}</strong>
          <ChevronRightIcon size={18} />
        </span>
      </Link>
    </li>
  );
}

function OrdersSkeleton({ label }: { label: string }) {
  return (
    <ul className="orders" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <li key={index} className="card order-card order-card--skeleton">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--text" style={{ width: '50%' }} />
          <span className="skeleton order-card__picture" />
          <span className="skeleton skeleton--text" style={{ width: '70%' }} />
        </li>
      ))}
    </ul>
  );
}
