import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { useStore } from 'zustand';
import { useLanguage } from '../../lib/i18n/use-language';
import { orderQueryOptions } from '../../lib/orders/get-order';
import { refreshOrderLists } from '../../lib/orders/order-keys';
import { useServices } from '../../lib/services/services-context';
import { telegramHaptic } from '../../lib/telegram';
import { clearCheckoutDraft } from './checkout-draft';
import { confirmedPath, heldOrderLanding } from './order-paths';

/**
 * On every page: when an order held offline has been sent, the shopper lands where a placed
 * order lands, the confirmation, with the answer already in the query cache; the checkout draft
 * kept for a cancel is no longer needed. A shopper filling in another checkout meanwhile is not
 * pulled away from it: a toast links to the confirmation instead.
 */
export function HeldOrderWatcher() {
  const { heldOrders, api, session, toasts } = useServices();
  const sent = useStore(heldOrders, (state) => state.sent);
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const checkingOut = heldOrderLanding(pathname) === 'toast';

  useEffect(() => {
    if (!sent) return;
    heldOrders.getState().acknowledgeSent();
    const { number } = sent.answer.data;
    queryClient.setQueryData(orderQueryOptions(api, lang, number).queryKey, sent.answer);
    void refreshOrderLists(queryClient);
    telegramHaptic('success');
    if (checkingOut) {
      toasts.getState().show({
        kind: 'success',
        message: t('held.sent', { number }),
        action: { label: t('held.open'), to: confirmedPath(lang, number) },
      });
      return;
    }
    clearCheckoutDraft(session);
    void navigate(confirmedPath(lang, number));
  }, [sent, heldOrders, api, session, toasts, t, checkingOut, lang, navigate, queryClient]);

  return null;
}
