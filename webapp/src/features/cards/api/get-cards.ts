import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useApi, useAuth } from '../../../lib/services/services-context';
import { cardKeys } from '../../../lib/cards/card-keys';

// The answer does not depend on the language (brands and masked numbers are not translated).
export function cardsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cardKeys.list(),
    queryFn: ({ signal }) => api.call('cards', { signal }),
    select: (answer) => answer.data,
  });
}

/** The signed-in shopper's saved cards, default first as the server orders them. */
export function useCards() {
  const signedIn = useAuth((state) => state.isAuthenticated);
  return useQuery({ ...cardsQueryOptions(useApi()), enabled: signedIn });
}
