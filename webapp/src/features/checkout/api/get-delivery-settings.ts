import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi } from '../../../lib/services/services-context';

export function deliverySettingsQueryOptions(api: ApiClient, language: string) {
  return queryOptions({
    queryKey: ['settings', 'delivery', language],
    queryFn: ({ signal }) => api.call('deliverySettings', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useDeliverySettings() {
  return useQuery(deliverySettingsQueryOptions(useApi(), useLanguage()));
}
