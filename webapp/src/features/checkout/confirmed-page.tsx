import { buildPath, formatMoney } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth } from '../../lib/services/services-context';
import { CheckIcon } from '../../lib/ui/icons';
import { Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOrder } from './api/get-order';
import './checkout.css';

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

export function ConfirmedPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const raw = params.get('order');
  const number = raw !== null && ORDER_NUMBER.test(raw) ? raw : null;
  const signedIn = useAuth((state) => state.isAuthenticated);
  const order = useOrder(number);
  useDocumentTitle(t('confirmed.title'));
  const data = order.data?.data;

  return (
    <div className="confirmed">
      <span className="confirmed__icon" aria-hidden="true">
        <CheckIcon size={40} />
      </span>
      <h1 className="confirmed__title">{t('confirmed.title')}</h1>
      <p className="confirmed__thanks">{t('confirmed.thanks')}</p>
      {number && <p className="confirmed__number">{t('confirmed.number', { number })}</p>}

      {order.isLoading && <Spinner label={t('common.loading')} />}
      {data && (
        <section className="card confirmed__details" aria-labelledby="confirmed-details">
          <h2 id="confirmed-details" className="card__title">
            {t('confirmed.details')}
          </h2>
          <ul className="checkout-items">
            {data.items.map((item) => (
              <li key={item.product_id} className="checkout-item">
                <span className="checkout-item__name">{item.name}</span>
                <span className="checkout-item__qty">× {item.quantity}</span>
                <span className="checkout-item__price">{formatMoney(item.total, lang)}</span>
              </li>
            ))}
          </ul>
          {data.store && (
            <p>{t('confirmed.pickupAt', { store: `${data.store.name}, ${data.store.address}` })}</p>
          )}
          {data.address?.address && (
            <p>
              {t('confirmed.deliveryTo', {
                address: [data.address.city, data.address.address, data.address.flat]
                  .filter(Boolean)
                  .join(', '),
              })}
            </p>
          )}
          <dl className="summary__rows">
            <div className="summary__row">
              <dt>{t('checkout.subtotal')}</dt>
              <dd>{formatMoney(data.subtotal, lang)}</dd>
            </div>
            <div className="summary__row">
              <dt>{t('checkout.deliveryPrice')}</dt>
              <dd>
                {data.delivery_price === 0
                  ? t('checkout.free')
                  : formatMoney(data.delivery_price, lang)}
              </dd>
            </div>
            <div className="summary__row summary__row--total">
              <dt>{t('checkout.total')}</dt>
              <dd>{formatMoney(data.total, lang)}</dd>
            </div>
          </dl>
        </section>
      )}

      <div className="confirmed__actions">
        <Link className="btn btn--primary btn--block" to={buildPath(lang, 'home')}>
          {t('common.continueShopping')}
        </Link>
        {signedIn && (
          <Link className="btn btn--secondary btn--block" to={buildPath(lang, 'orders')}>
            {t('confirmed.myOrders')}
          </Link>
        )}
      </div>
    </div>
  );
}
