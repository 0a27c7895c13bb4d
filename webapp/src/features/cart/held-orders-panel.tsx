import { cartTotal, formatMoney } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { ApiError } from '../../lib/api/api-error';
import type { HeldOrder } from '../../lib/cart/held-orders';
import { useLineNamings } from '../../lib/cart/use-line-namings';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useServices } from '../../lib/services/services-context';

/**
 * Orders placed offline that wait for the network, at the top of the cart: what
 * each holds, that it goes out on its own once the shopper is online, and a way to take it back.
 */
export function HeldOrdersPanel() {
  const { heldOrders } = useServices();
  const userId = useAuth((state) => (state.isAuthenticated ? (state.user?.id ?? null) : null));
  const orders = useStore(heldOrders, (state) => state.orders);
  const mine = orders.filter((order) => order.userId === userId);
  if (mine.length === 0) return null;
  return (
    <div className="held-orders">
      {mine.map((order) => (
        <HeldOrderCard key={order.idempotencyKey} order={order} />
      ))}
    </div>
  );
}

function HeldOrderCard({ order }: { order: HeldOrder }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { heldOrders, cart, toasts } = useServices();
  const namingOf = useLineNamings(order.lines);
  const sending = order.sendingSince !== null;
  const titleId = `held-${order.idempotencyKey}`;

  const takeBack = () => {
    const taken = heldOrders.getState().cancel(order.idempotencyKey);
    if (!taken) return;
    for (const line of taken.lines) cart.getState().add(line);
    toasts.getState().show({ kind: 'info', message: t('held.cancelled') });
  };

  let status: string;
  if (order.refused !== null) {
    const reason =
      order.refusedRule === null
        ? errorMessage(t, new ApiError({ code: order.refused, message: '', status: 0 }))
        : t(`accountLimits.${order.refusedRule}`);
    status = t('held.refused', { reason });
  } else status = sending ? t('held.sending') : t('held.willSend');

  return (
    <section
      className={`held-order${order.refused === null ? '' : ' held-order--refused'}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="held-order__title">
        {order.refused === null ? t('held.title') : t('held.refusedTitle')}
      </h2>
      <p className="held-order__status" role="status">
        {status}
      </p>
      <ul className="held-order__lines">
        {order.lines.map((line) => (
          <li key={line.product_id}>
            <span className="held-order__name">{namingOf(line).name}</span>
            <span className="held-order__quantity">× {line.quantity}</span>
          </li>
        ))}
      </ul>
      <p className="held-order__total">
        <span>{t('held.itemsTotal')}</span>
        <span className="held-order__amount">{formatMoney(cartTotal(order.lines), lang)}</span>
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={sending}
        onClick={takeBack}
      >
        {order.refused === null ? t('held.cancel') : t('held.takeBack')}
      </button>
    </section>
  );
}
