import { HEADERS, type CreateOrderRequest } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n/use-language';
import { refreshOrderLists } from '../../../lib/orders/order-keys';
import { useApi } from '../../../lib/services/services-context';
import { isEarlierSendRunning } from '../../../lib/api/api-error';
import { orderQueryOptions } from '../../../lib/orders/get-order';

/**
 * How often, and after how long, an order whose earlier send is still running at the shop is
 * sent again (with its key) before the shopper is told to wait: 1 + 2 + 4 + 4 s.
 */
export const STILL_RUNNING_RETRIES = 4;
export function stillRunningRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 4000);
}

export function useCreateOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderRequest; idempotencyKey: string }) =>
      api.call('createOrder', { body, headers: { [HEADERS.idempotencyKey]: idempotencyKey } }),
    // "Place order" pressed again after a lost answer while the first send is still running at
    // the shop: wait for that one's outcome (it is replayed under the same key) rather than show
    // an error. Nothing else is repeated here: a refusal is the shopper's to read.
    retry: (failures, error) => isEarlierSendRunning(error) && failures < STILL_RUNNING_RETRIES,
    retryDelay: stillRunningRetryDelay,
    onSuccess: (answer) => {
      // The confirmation page reads this order; it need not ask again for what we just got.
      queryClient.setQueryData(
        orderQueryOptions(api, language, answer.data.number).queryKey,
        answer,
      );
      // "My orders" shows it at once, not after the cached list's minute is up.
      void refreshOrderLists(queryClient);
    },
  });
}
