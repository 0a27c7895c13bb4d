import {
  allowedPaymentTypes,
  formatMoney,
  formatUzPhone,
  type Order,
  type PaymentType,
} from '@shop/shared';
import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth } from '../../lib/services/services-context';
import { useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import { useDeliverySettings } from './api/get-delivery-settings';
import type { CardChooserSlot } from './card-chooser-slot';
import { OrderDetails } from './order-details';
import { PaymentWayChoice } from './payment-way-choice';
import { useGoToProvider } from './use-go-to-provider';
import { onlineWaysFor, paymentWaysConfig } from './payment-ways';
import { useAwaitPayment } from './use-await-payment';
import { usePayWithCard } from './use-pay-with-card';

/** The online ways to pay `order` here: those its delivery method allows and the server set up. */
function useOnlineWays(order: Order): PaymentType[] {
  const isTelegram = useIsTelegram();
  const settings = useDeliverySettings();
  const config = useMemo(() => paymentWaysConfig(), []);
  const data = settings.data?.data;
  const method = data?.methods.find((candidate) => candidate.type === order.delivery_type);
  // Until the settings come (or if they fail), the order's own way.
  const allowed = data ? allowedPaymentTypes(data, method) : [order.payment_type];
  const ways = onlineWaysFor(order, allowed, config, isTelegram);
  return ways.length > 0 ? ways : ['card'];
}

/** What the page has to say above the order: a failure, the wait for a provider, the deadline. */
function PaymentNotices({
  order,
  failure,
  alertRef,
  openFailed,
  awaiting,
  timedOut,
}: {
  order: Order;
  failure: string | null;
  alertRef: RefObject<HTMLParagraphElement | null>;
  openFailed: boolean;
  awaiting: boolean;
  timedOut: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      {failure && (
        <p ref={alertRef} className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {openFailed && (
        <p className="notice notice--error" role="alert">
          {t('payment.openFailed')}
        </p>
      )}
      {awaiting && !timedOut && (
        <p className="summary__pending payment__checking" role="status">
          <span className="btn__spinner" aria-hidden="true" /> {t('payment.checking')}
        </p>
      )}
      {awaiting && timedOut && (
        <p className="notice" role="status">
          {t('payment.notYet')}
        </p>
      )}
      {order.pay_until && (
        <p className="notice payment__until">
          {t('payment.payWithin', { time: formatDateTime(order.pay_until, lang) })}
        </p>
      )}
    </>
  );
}

/** A saved card or a new one, for the card way. */
function CardSection({
  CardChooser,
  cardId,
  onSelect,
  disabled,
}: {
  CardChooser: CardChooserSlot;
  cardId: number;
  onSelect: (id: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const phone = useAuth((state) => state.user?.phone ?? '');
  return (
    <section className="card" aria-labelledby="payment-cards">
      <h2 id="payment-cards" className="card__title">
        {t('payment.cardTitle')}
      </h2>
      <CardChooser
        selected={cardId}
        onSelect={onSelect}
        defaultPhone={phone === '' ? '' : formatUzPhone(phone)}
        disabled={disabled}
      />
    </section>
  );
}

/** "Pay" for the chosen way: its label, what it does, whether it can go; also Telegram's main button. */
function useWayAction({
  order,
  way,
  cardChosen,
  pending,
  payCard,
  goToProvider,
}: {
  order: Order;
  way: PaymentType;
  cardChosen: boolean;
  pending: boolean;
  payCard: () => void;
  goToProvider: (way: 'click' | 'payme' | 'telegram') => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const ready = way === 'card' ? cardChosen : true;
  const appWay = way === 'click' || way === 'payme' || way === 'telegram' ? way : null;
  const pay = () => {
    if (appWay) goToProvider(appWay);
    else if (way === 'card') payCard();
  };
  const label = appWay
    ? t(`payment.payWith.${appWay}`)
    : t('payment.payAmount', { amount: formatMoney(order.total, lang) });
  useTelegramMainButton({
    text: way === 'card' ? t('payment.pay') : label,
    visible: true,
    enabled: ready,
    loading: pending,
    onClick: pay,
  });
  return { label, pay, ready };
}

/**
 * An unpaid prepaid order: its lines and total, the ways to pay it here (a saved card, the Click
 * or Payme app, Telegram's sheet) and "Pay". After an app way the page waits for the provider to
 * tell the shop, showing what the order says.
 */
export function PayOrder({
  order,
  onChanged,
  CardChooser,
  awaiting,
  onAwait,
}: {
  order: Order;
  onChanged: () => void;
  CardChooser: CardChooserSlot;
  /** The shopper came back from a provider's page (or paid in Telegram): wait for the money. */
  awaiting: boolean;
  onAwait: () => void;
}) {
  const { t } = useTranslation();
  const isTelegram = useIsTelegram();
  const ways = useOnlineWays(order);
  const [chosen, setChosen] = useState<PaymentType | null>(null);
  const way = chosen !== null && ways.includes(chosen) ? chosen : (ways[0] ?? 'card');
  const [cardId, setCardId] = useState(0);
  const selectCard = useCallback((id: number) => {
    setCardId(id);
  }, []);
  const { pay: payCard, pending, failure, alertRef } = usePayWithCard(order, cardId, onChanged);
  const provider = useGoToProvider(order, onAwait);
  const { timedOut } = useAwaitPayment(awaiting, onChanged);
  const { label, pay, ready } = useWayAction({
    order,
    way,
    cardChosen: cardId !== 0,
    pending: pending || provider.pending,
    payCard,
    goToProvider: provider.go,
  });

  return (
    <div className="payment">
      <PageTitle subtitle={t('payment.orderNumber', { number: order.number })}>
        {t('payment.title')}
      </PageTitle>
      <PaymentNotices
        order={order}
        failure={failure}
        alertRef={alertRef}
        openFailed={provider.failed}
        awaiting={awaiting}
        timedOut={timedOut}
      />
      <OrderDetails order={order} titleId="payment-order" />
      {ways.length > 1 && (
        <PaymentWayChoice ways={ways} selected={way} onSelect={setChosen} disabled={pending} />
      )}
      {way === 'card' && (
        <CardSection
          CardChooser={CardChooser}
          cardId={cardId}
          onSelect={selectCard}
          disabled={pending}
        />
      )}
      {pending && (
        <p className="summary__pending" role="status">
          {t('payment.paying')}
        </p>
      )}
      {!isTelegram && (
        <button
          type="button"
          className={`btn btn--primary btn--block payment__pay payment__pay--${way}`}
          disabled={pending || !ready}
          aria-busy={pending}
          onClick={pay}
        >
          {pending && <span className="btn__spinner" aria-hidden="true" />}
          {label}
        </button>
      )}
    </div>
  );
}
