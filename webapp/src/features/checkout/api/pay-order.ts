import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardKeys } from '../../../lib/cards/card-keys';
import { useLanguage } from '../../../lib/i18n/use-language';
import { orderKeys, refreshOrderLists } from '../../../lib/orders/order-keys';
import { useApi } from '../../../lib/services/services-context';

/** Charges an unpaid card order with a saved card; the server charges the order's own total. */
export function usePayOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationKey: ['payOrder'],
    mutationFn: ({ number, cardId }: { number: string; cardId: number }) =>
      api.call('payOrder', { params: { tid: number }, body: { card_id: cardId } }),
    onSuccess: (answer) => {
      // The confirmation reads this order: the paid answer spares it a second request.
      queryClient.setQueryData(orderKeys.detail(language, answer.data.number), answer);
      // The card that paid is the default now. Fetched again even with no screen showing the
      // list (the payment page is going): the card picker preselects the default it finds.
      void queryClient.invalidateQueries({ queryKey: cardKeys.all, refetchType: 'all' });
    },
    // Paid or not, the list and order pages show a payment state that has moved on.
    onSettled: () => refreshOrderLists(queryClient),
  });
}
