// "Pay" with a saved card: the charge, and the failure to show (first the one checkout handed
// over in the history state, which a reload keeps; then each failed "Pay", brought into view).
import { ERROR_CODES, type Order } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { isApiError, type ClientErrorCode } from '../../lib/api/api-error';
import { usePayOrder } from './api/pay-order';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { declinedText, payErrorMessage } from './decline';
import { useLanguage } from '../../lib/i18n/use-language';
import { telegramHaptic } from '../../lib/telegram';
import { confirmedPath } from './use-place-order';

const CLIENT_CODES: readonly string[] = [...ERROR_CODES, 'network_error', 'invalid_response'];

/** The failed charge checkout handed over in the history state (which a reload keeps). */
function failedCode(state: unknown): ClientErrorCode | null {
  if (typeof state !== 'object' || state === null || !('failed' in state)) return null;
  const failed: unknown = state.failed;
  return typeof failed === 'string' && CLIENT_CODES.includes(failed)
    ? (failed as ClientErrorCode)
    : null;
}

/** Why that charge was declined, when checkout handed it over too. */
function declinedReason(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('declined' in state)) return null;
  return typeof state.declined === 'string' ? state.declined : null;
}

/**
 * "Pay" for `order` with the card `cardId`, and the failure to show: at first the one checkout
 * handed over in the history state, then each failed "Pay", brought into view.
 */
export function usePayWithCard(order: Order, cardId: number, onChanged: () => void) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const payOrder = usePayOrder();
  const sessionEnded = useSessionEnded();
  const alertRef = useRef<HTMLParagraphElement>(null);
  // Each failed "Pay" brings its message into view once it is on the page.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) alertRef.current?.scrollIntoView({ block: 'center' });
  }, [failures]);
  const [failure, setFailure] = useState<string | null>(() => {
    const code = failedCode(location.state);
    if (code === 'payment_declined') return declinedText(t, declinedReason(location.state));
    return code === null ? null : t(`errors.codes.${code}`);
  });

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
          setFailure(payErrorMessage(t, error));
          setFailures((count) => count + 1);
          // Paid meanwhile (another tab) or cancelled: the order itself says which.
          if (isApiError(error) && error.code === 'order_not_payable') onChanged();
        },
      },
    );
  };
  return { pay, pending: payOrder.isPending, failure, alertRef };
}
