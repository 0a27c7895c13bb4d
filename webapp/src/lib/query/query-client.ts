import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/**
 * Retries only what a retry can fix (network, timeouts, 5xx); a 4xx will answer the same.
 * Mutations never retry on their own: a repeated POST could place a second order.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
