import { HEADERS, type CreateOrderRequest } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/i18n/use-language';
import { refreshOrderLists } from '../../../lib/queries/order-keys';
import { useApi } from '../../../lib/services/services-context';
import { orderQueryOptions } from '../../../lib/queries/get-order';

export function useCreateOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderRequest; idempotencyKey: string }) =>
      api.call('createOrder', { body, headers: { [HEADERS.idempotencyKey]: idempotencyKey } }),
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
