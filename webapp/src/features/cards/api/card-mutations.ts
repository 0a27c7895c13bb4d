import type { CreateCardRequest, SavedCard } from '@shop/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/services/services-context';
import { cardKeys } from '../../../lib/cards/card-keys';

// The card calls of the account page, the checkout and the payment page (paying an order is the
// checkout's own call). Each mutation ends by invalidating through the key factory, so no screen
// keeps showing a card list from before it.

function afterCardChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: cardKeys.all });
}

/** Removing a card or choosing the default answers with the whole list: show it at once. */
function storeList(queryClient: QueryClient, list: { data: SavedCard[] }) {
  queryClient.setQueryData(cardKeys.list(), list);
}

/** Step one: number, expiry, phone → the processor texts a code; nothing is saved yet. */
export function useCreateCard() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: CreateCardRequest) => api.call('createCard', { body }),
  });
}

export function useResendCardCode() {
  const api = useApi();
  return useMutation({
    mutationFn: (cardId: number) => api.call('resendCardCode', { body: { card_id: cardId } }),
  });
}

/** Step two: the code from the SMS; the answer is the saved card. */
export function useConfirmCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, code }: { cardId: number; code: string }) =>
      api.call('confirmCard', { body: { card_id: cardId, code } }),
    onSettled: () => afterCardChange(queryClient),
  });
}

export function useRemoveCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => api.call('removeCard', { params: { id: String(cardId) } }),
    onSuccess: (list) => {
      storeList(queryClient, list);
    },
    onSettled: () => afterCardChange(queryClient),
  });
}

export function useSetDefaultCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => api.call('setDefaultCard', { params: { id: String(cardId) } }),
    onSuccess: (list) => {
      storeList(queryClient, list);
    },
    onSettled: () => afterCardChange(queryClient),
  });
}
