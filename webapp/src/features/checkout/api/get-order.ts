import { useQuery } from '@tanstack/react-query';
import { orderQueryOptions } from '../../../lib/orders/get-order';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApi, useAuth } from '../../../lib/services/services-context';

/** One of the signed-in shopper's orders (confirmation, payment page). */
export function useOrder(number: string | null) {
  const signedIn = useAuth((state) => state.isAuthenticated);
  const options = orderQueryOptions(useApi(), useLanguage(), number ?? '');
  return useQuery({ ...options, enabled: signedIn && number !== null && number !== '' });
}
