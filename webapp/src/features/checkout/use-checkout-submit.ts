import type { CartItem, DeliverySettings } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import type { OutOfStockLine } from '../../lib/cart/out-of-stock';
import { useRefreshCartStock, type CartStock } from '../../lib/cart/use-cart-stock';
import { useLineNamings } from '../../lib/cart/use-line-namings';
import { useServices } from '../../lib/services/services-context';
import { telegramHaptic } from '../../lib/telegram';
import { checkCheckout, firstError, type CheckoutErrors, type CheckoutForm } from './checkout-form';
import { fieldErrorText, focusFirstInvalid } from './field-errors';
import { describeRefusal } from './order-refusal';
import { isOffline, type usePlaceOrder } from './use-place-order';

/**
 * The form, and what focuses its first invalid field after each failed submit, once the errors
 * are on the page (a MainButton press is no React event, so its render may come after the next
 * frame).
 */
function useFocusAfterFailure() {
  const formRef = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) focusFirstInvalid(formRef.current);
  }, [failures]);
  const focusSoon = () => {
    setFailures((count) => count + 1);
  };
  return [formRef, focusSoon] as const;
}

/** Why the order cannot go yet, checked before the form itself; null when nothing stops it. */
function notYetReason(t: TFunction, cartStock: CartStock, form: CheckoutForm): string | null {
  // The catalogue already says a line is short: the server would refuse the order for it.
  if (cartStock.blocked) return t('checkout.stock.fixFirst');
  // A prepaid order is paid right after it is placed, with the shopper there: it cannot wait
  // for the network, and without one that is the thing to fix first.
  if (isOffline() && form.paymentType !== 'on_receipt') return t('held.cardNeedsNetwork');
  return null;
}

/**
 * The summary's message: a failure of the form's own check (`true`) is worded from the first
 * field still wrong beside "check the form", so the summary alone says what is wrong; null once
 * none is.
 */
function problemText(
  t: TFunction,
  problem: string | true | null,
  errors: CheckoutErrors,
): string | null {
  if (problem !== true) return problem;
  const first = firstError(errors);
  return first && `${t('checkout.fixErrors')} ${fieldErrorText(t, first[0], first[1])}`;
}

/**
 * "Place order" on the checkout form: what is checked before the order goes (stock, network for
 * a card, the form by the shared rules), placing it, and every refusal in words with the first
 * invalid field focused. `problem` is the summary's message; `refused` the lines out of stock.
 * A failure of the form's own check is worded from the fields still wrong as the shopper fixes
 * them, so "check the form" goes once none is.
 */
export function useCheckoutSubmit({
  form,
  items,
  settings,
  cartStock,
  errors,
  setErrors,
  placeOrder,
}: {
  form: CheckoutForm;
  items: CartItem[];
  settings: DeliverySettings | undefined;
  cartStock: CartStock;
  errors: CheckoutErrors;
  setErrors: (errors: CheckoutErrors) => void;
  placeOrder: ReturnType<typeof usePlaceOrder>;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const sessionEnded = useSessionEnded();
  const namingOf = useLineNamings(items);
  const refreshStock = useRefreshCartStock();
  const [formRef, focusFirstInvalidSoon] = useFocusAfterFailure();
  // The message, or `true` for the form's own check: its words come from the errors now.
  const [problem, setProblem] = useState<string | true | null>(null);
  const [refused, setRefused] = useState<OutOfStockLine[]>([]);

  const showFailure = (message: string | true) => {
    telegramHaptic('error');
    setProblem(message);
    focusFirstInvalidSoon();
  };

  const submit = () => {
    if (placeOrder.pending || !settings) return;
    setProblem(null);
    setRefused([]);
    const notYet = notYetReason(t, cartStock, form);
    if (notYet !== null) {
      showFailure(notYet);
      return;
    }
    const check = checkCheckout(form, items, settings);
    if (!check.ok) {
      setErrors(check.errors);
      // A verdict no field shows keeps its words until the next "Place order".
      showFailure(firstError(check.errors) ? true : t('checkout.fixErrors'));
      return;
    }
    setErrors({});
    placeOrder.place(check.body, form.currentCard, {
      onError: (error) => {
        if (sessionEnded(error)) {
          telegramHaptic('error');
          // The route guard takes over: sign-in, then back to this form, kept as it is.
          toasts.getState().show({ kind: 'error', message: t('errors.codes.unauthorized') });
          return;
        }
        // The lines short of stock are named as the page names them, in its language.
        const named = items.map((item) => ({ ...item, name: namingOf(item).name }));
        const refusal = describeRefusal(t, error, named, check.body);
        if (refusal.short) {
          setRefused(refusal.short);
          // The cart and this page then show the stock the order met, and hold checkout to it.
          void refreshStock(items);
        }
        if (refusal.fieldErrors) setErrors(refusal.fieldErrors);
        showFailure(refusal.message);
      },
    });
  };

  return { formRef, submit, problem: problemText(t, problem, errors), refused };
}
