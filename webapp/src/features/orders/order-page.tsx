import { buildPath, formatMoney, formatUzPhone, isSlug, type Order } from '@shop/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDate, formatDateTime } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { orderAddressText, paymentMethodText } from '../../lib/orders/order-facts';
import { OrderTotals } from '../../lib/orders/order-totals';
import { useIsTelegram, useTelegramBackOverride } from '../../lib/telegram';
import { ChevronLeftIcon } from '../../lib/ui/icons';
import { ProductImage } from '../../lib/ui/product-image';
import { EmptyState, ErrorState } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrderPage } from './api/get-order-page';
import { orderTimeline } from './order-timeline';
import type { FromOrdersList } from './orders-page';
import { StatusBadge } from './status-badge';
import { useOrderAgain } from './use-order-again';
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
        <section className="card order-history" aria-labelledby="order-history">
          <h2 id="order-history" className="card__title">
            {t('orders.history')}
          </h2>
          {details.data ? (
            <OrderTimeline order={details.data.data} />
          ) : details.isError ? (
            <ErrorState
              message={errorMessage(t, details.error)}
              onRetry={() => void details.refetch()}
              retrying={details.isFetching}
            />
          ) : (
            <div aria-busy="true" aria-label={t('common.loading')}>
              <span className="skeleton skeleton--text" />
              <span className="skeleton skeleton--text" style={{ width: '60%' }} />
            </div>
          )}
        </section>
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

function OrderView({ order, children }: { order: Order; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const orderAgain = useOrderAgain();
  const addressText = orderAddressText(order, lang, t);
  const payable =
    order.payment_type === 'card' &&
    order.payment_status === 'unpaid' &&
    order.status !== 'cancelled';

  return (
    <>
      <header className="order-page__head">
        <h1 className="order-page__title">{t('orders.number', { number: order.number })}</h1>
        <StatusBadge status={order.status} />
        <p className="muted order-page__date">
          {t('orders.placedOn', { date: formatDate(order.created_at, lang) })}
        </p>
      </header>

      {payable && (
        <div className="notice order-page__pay">
          {order.pay_until && (
            <p>{t('orders.payBy', { time: formatDateTime(order.pay_until, lang) })}</p>
          )}
          <Link
            className="btn btn--primary btn--block"
            to={`${buildPath(lang, 'payment')}?order=${encodeURIComponent(order.number)}`}
          >
            {t('orders.pay')} · {formatMoney(order.total, lang)}
          </Link>
        </div>
      )}

      <section className="card" aria-labelledby="order-lines">
        <h2 id="order-lines" className="card__title">
          {t('orders.lines')}
        </h2>
        <ul className="order-lines">
          {order.items.map((item) => {
            const productPath = isSlug(item.slug)
              ? buildPath(lang, 'product', { slug: item.slug })
              : null;
            return (
              <li key={item.product_id} className="order-line">
                <ProductImage
                  className="order-line__picture"
                  image={item.img_url ? { url: item.img_url, width: 96, height: 96 } : undefined}
                  alt=""
                />
                <span className="order-line__name">
                  {productPath ? <Link to={productPath}>{item.name}</Link> : item.name}
                  {item.attributes.length > 0 && (
                    <span className="muted order-line__attributes">
                      {item.attributes.map((a) => `${a.name}: ${a.value}`).join(', ')}
                    </span>
                  )}
                  {/* Under the name, not in a third column: a long name and a long total
                      share 360 px without squeezing either into one word per line. */}
                  <span className="order-line__sum">
                    <span className="muted order-line__qty">
                      {item.quantity} × {formatMoney(item.price, lang)}
                    </span>
                    <span className="order-line__total">{formatMoney(item.total, lang)}</span>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <OrderTotals order={order} />
      </section>

      <section className="card" aria-labelledby="order-facts">
        <h2 id="order-facts" className="card__title">
          {t('confirmed.details')}
        </h2>
        <dl className="order-facts">
          <div>
            <dt>{t('confirmed.recipient')}</dt>
            <dd>
              {order.recipient.name} {order.recipient.surname}
              <span className="order-facts__more">{formatUzPhone(order.recipient.phone)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('confirmed.deliveryMethod')}</dt>
            <dd>
              {t(`checkout.deliveryTypes.${order.delivery_type}`)}
              {order.store && (
                <span className="order-facts__more">
                  {t('confirmed.pickupAt', {
                    store: `${order.store.name}, ${order.store.address}`,
                  })}
                </span>
              )}
              {addressText !== '' && (
                <span className="order-facts__more">
                  {t('confirmed.deliveryTo', { address: addressText })}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('confirmed.paymentMethod')}</dt>
            <dd>
              {paymentMethodText(order, t)}
              <span className="order-facts__more">
                {t(`confirmed.paymentStatus.${order.payment_status}`)}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      {children}

      {orderAgain.isError && (
        <ErrorState
          message={errorMessage(t, orderAgain.error)}
          onRetry={() => {
            orderAgain.mutate(order);
          }}
          retrying={orderAgain.isPending}
        />
      )}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => {
          orderAgain.mutate(order);
        }}
        disabled={orderAgain.isPending}
        aria-busy={orderAgain.isPending}
      >
        {orderAgain.isPending ? t('orders.addingAgain') : t('orders.orderAgain')}
      </button>
    </>
  );
}

function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const steps = orderTimeline(order);
  return (
    <ol className="timeline">
      {steps.map((step, index) => (
        <li
          key={`${step.status}-${index}`}
          className={`timeline__step${step.at === null ? ' timeline__step--ahead' : ''}${
            step.current ? ' timeline__step--current' : ''
          }${step.status === 'cancelled' ? ' timeline__step--cancelled' : ''}`}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className="timeline__dot" aria-hidden="true" />
          <span className="timeline__label">{t(`orders.statuses.${step.status}`)}</span>
          {step.at !== null && (
            <time className="timeline__time" dateTime={step.at}>
              {formatDateTime(step.at, lang)}
            </time>
          )}
        </li>
      ))}
    </ol>
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
