import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useApi, useAuth } from '../../../lib/services/services-context';

export function savedAddressQueryOptions(api: ApiClient, userId: number | null) {
  return queryOptions({
    queryKey: ['profile', 'address', userId],
    queryFn: ({ signal }) => api.call('savedAddress', { signal }),
    select: (answer) => answer.data,
    // Only a prefill: a failure leaves the fields empty and is not worth a retry storm.
    retry: false,
  });
}

/** The address of the shopper's last delivered order, kept by the backend; null for none. */
export function useSavedAddress() {
  const userId = useAuth((state) => state.user?.id ?? null);
  return useQuery({ ...savedAddressQueryOptions(useApi(), userId), enabled: userId !== null });
}
