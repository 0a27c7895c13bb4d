import { buildPath, orderTotals, type CartItem, type PaymentType } from '@shop/shared';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from '../../lib/router';
import { useCartStock } from '../../lib/cart/use-cart-stock';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCart, useOneClick } from '../../lib/services/services-context';
import { useTelegramClosingConfirmation, useTelegramMainButton } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useDeliverySettings } from './api/get-delivery-settings';
import type { CardChooserSlot } from './card-chooser-slot';
import { AddressSection } from './sections/address-section';
import { DeliverySection } from './sections/delivery-section';
import { ItemsSection } from './sections/items-section';
import { PaymentSection } from './sections/payment-section';
import { RecipientSection } from './sections/recipient-section';
import { StoreSection } from './sections/store-section';
import { SummarySection } from './sections/summary-section';
import { useCheckoutForm } from './use-checkout-form';
import { useCheckoutSubmit } from './use-checkout-submit';
import { useOnline } from './use-online';
import { useOfferedSettings } from './payment-ways';
import { usePlaceOrder } from './use-place-order';
import './checkout.css';

/**
 * Checkout needs a signed-in shopper (the route guard sees to that) and something to buy: the
 * one-click item when set, else the cart; with neither it sends the shopper to the cart.
 */
export function CheckoutPage({ CardChooser }: { CardChooser: CardChooserSlot }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('checkout.title'));
  const oneClickItem = useOneClick((state) => state.item);
  const cartItems = useCart((state) => state.items);
  const [placed, setPlaced] = useState(false);
  const items = oneClickItem ? [oneClickItem] : cartItems;
  if (items.length === 0 && !placed) return <Navigate to={buildPath(lang, 'cart')} replace />;
  return (
    <CheckoutView
      items={items}
      oneClick={oneClickItem !== null}
      CardChooser={CardChooser}
      onPlaced={() => {
        setPlaced(true);
      }}
    />
  );
}

function CheckoutView({
  items,
  oneClick,
  onPlaced,
  CardChooser,
}: {
  items: CartItem[];
  oneClick: boolean;
  onPlaced: () => void;
  CardChooser: CardChooserSlot;
}) {
  const { t } = useTranslation();
  const settings = useDeliverySettings();
  const settingsData = useOfferedSettings(settings.data?.data);
  const { form, errors, update, setErrors, edited } = useCheckoutForm(settingsData);
  // Closing Telegram drops the tab and the draft in it: ask first once something was entered.
  useTelegramClosingConfirmation(edited);
  const placeOrder = usePlaceOrder({ oneClick, lines: items, onPlaced });
  const { phase, pending } = placeOrder;
  const cartStock = useCartStock(items);
  const { formRef, submit, problem, refused } = useCheckoutSubmit({
    form,
    items,
    settings: settingsData,
    cartStock,
    errors,
    setErrors,
    placeOrder,
  });

  const method = settingsData?.methods.find((candidate) => candidate.type === form.deliveryType);
  const totals = method ? orderTotals(items, method) : null;
  const ready = settingsData !== undefined;

  const onSubmit = usePlaceOrderButton(submit, ready, pending);

  return (
    <form ref={formRef} className="checkout" noValidate onSubmit={onSubmit}>
      <PageTitle>{t('checkout.title')}</PageTitle>
      <ItemsSection
        items={items}
        oneClick={oneClick}
        stockOf={(item) => cartStock.of(item)}
        refused={refused}
      />
      <DeliverySection
        form={form}
        errors={errors}
        settings={settings}
        subtotal={totals?.subtotal ?? 0}
        update={update}
      />
      {form.deliveryType === 'pickup' ? (
        <StoreSection form={form} errors={errors} update={update} />
      ) : (
        <AddressSection form={form} errors={errors} update={update} />
      )}
      <RecipientSection form={form} errors={errors} update={update} />
      <PaymentSection
        form={form}
        errors={errors}
        settings={settingsData}
        disabled={pending}
        update={update}
        CardChooser={CardChooser}
      />
      <OfflineNotice paymentType={form.paymentType} />
      <SummarySection
        totals={totals}
        problem={problem}
        pending={pending}
        pendingLabel={phase === 'paying' ? t('payment.paying') : t('checkout.placing')}
        ready={ready}
      />
    </form>
  );
}

/**
 * "Place order": inside Telegram its MainButton, `ready` once the delivery settings are in; the
 * form's submit handler for the page's own button.
 */
function usePlaceOrderButton(submit: () => void, ready: boolean, pending: boolean) {
  const { t } = useTranslation();
  useTelegramMainButton({
    text: t('checkout.placeOrder'),
    visible: true,
    enabled: ready,
    loading: pending,
    onClick: submit,
  });
  return (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
}

/** Offline: paying by card needs the network; any other order is sent once it is back. */
function OfflineNotice({ paymentType }: { paymentType: PaymentType }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="notice notice--info" role="status">
      {paymentType === 'on_receipt' ? t('held.checkoutOffline') : t('held.cardNeedsNetwork')}
    </p>
  );
}
