import { buildPath, orderTotals, type CartItem } from '@shop/shared';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from '../../lib/router';
import { isApiError, isEarlierSendRunning } from '../../lib/api/api-error';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { outOfStockLines, type OutOfStockLine } from '../../lib/cart/out-of-stock';
import { useCartStock } from '../../lib/cart/use-cart-stock';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCart, useOneClick, useServices } from '../../lib/services/services-context';
import { telegramHaptic, useTelegramMainButton } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useDeliverySettings } from './api/get-delivery-settings';
import { checkCheckout, firstError, routeFieldErrors } from './checkout-form';
import type { CardChooserSlot } from './card-chooser-slot';
import { accountLimitText, fieldErrorText, focusFirstInvalid } from './field-errors';
import { AddressSection } from './sections/address-section';
import { DeliverySection } from './sections/delivery-section';
import { ItemsSection } from './sections/items-section';
import { PaymentSection } from './sections/payment-section';
import { RecipientSection } from './sections/recipient-section';
import { StoreSection } from './sections/store-section';
import { SummarySection } from './sections/summary-section';
import { useCheckoutForm } from './use-checkout-form';
import { useOnline } from './use-online';
import { canWaitForNetwork, isOffline, usePlaceOrder } from './use-place-order';
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
  const { toasts } = useServices();
  const settings = useDeliverySettings();
  const settingsData = settings.data?.data;
  const { form, errors, update, setErrors } = useCheckoutForm(settingsData);
  const { place, phase, pending } = usePlaceOrder({ oneClick, lines: items, onPlaced });
  const online = useOnline();
  const sessionEnded = useSessionEnded();
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<OutOfStockLine[]>([]);
  const cartStock = useCartStock(items);

  const method = settingsData?.methods.find((candidate) => candidate.type === form.deliveryType);
  const totals = method ? orderTotals(items, method) : null;
  const ready = settingsData !== undefined;

  // Bumped by each failed submit; the field is focused once the errors are on the page (a
  // MainButton press is no React event, so its render may come after the next frame).
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) focusFirstInvalid(formRef.current);
  }, [failures]);

  const showFailure = (message: string) => {
    telegramHaptic('error');
    setProblem(message);
    setFailures((count) => count + 1);
  };

  const submit = () => {
    if (pending || !settingsData) return;
    setProblem(null);
    setRefused([]);
    // The catalogue already says a line is short: the server would refuse the order for it.
    if (cartStock.blocked) {
      showFailure(t('checkout.stock.fixFirst'));
      return;
    }
    // A card order is charged right after it is placed, with the shopper there: it cannot wait
    // for the network, and without one that is the thing to fix first.
    if (isOffline() && form.paymentType === 'card') {
      showFailure(t('held.cardNeedsNetwork'));
      return;
    }
    const check = checkCheckout(form, items, settingsData);
    if (!check.ok) {
      setErrors(check.errors);
      // The first reason in words beside "check the form", so the summary alone says what is wrong.
      const first = firstError(check.errors);
      showFailure(
        first
          ? `${t('checkout.fixErrors')} ${fieldErrorText(t, first[0], first[1])}`
          : t('checkout.fixErrors'),
      );
      return;
    }
    setErrors({});
    place(check.body, form.currentCard, {
      onError: (error) => {
        if (sessionEnded(error)) {
          telegramHaptic('error');
          // The route guard takes over: sign-in, then back to this form, kept as it is.
          toasts.getState().show({ kind: 'error', message: t('errors.codes.unauthorized') });
          return;
        }
        if (!isApiError(error)) {
          showFailure(errorMessage(t, error));
          return;
        }
        if (error.code === 'network_error' && !canWaitForNetwork(check.body)) {
          showFailure(t('held.cardNeedsNetwork'));
          return;
        }
        if (error.code === 'out_of_stock') {
          const short = outOfStockLines(error, items);
          setRefused(short);
          showFailure(
            short.length > 0
              ? t('checkout.stock.problem', {
                  items: short
                    .map((line) =>
                      line.available === null
                        ? line.name
                        : t('checkout.stock.line', { name: line.name, count: line.available }),
                    )
                    .join('; '),
                })
              : errorMessage(t, error),
          );
          return;
        }
        if (isEarlierSendRunning(error)) {
          showFailure(t('checkout.stillPlacing'));
          return;
        }
        setErrors(routeFieldErrors(error.details));
        showFailure(accountLimitText(t, error) ?? errorMessage(t, error));
      },
    });
  };

  useTelegramMainButton({
    text: t('checkout.placeOrder'),
    visible: true,
    enabled: ready,
    loading: pending,
    onClick: submit,
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

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
      {!online && (
        <p className="notice notice--info" role="status">
          {form.paymentType === 'card' ? t('held.cardNeedsNetwork') : t('held.checkoutOffline')}
        </p>
      )}
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
