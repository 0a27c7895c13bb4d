import { useEffect } from 'react';
import { useSearchParams } from '../../lib/router';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import { useOrder } from './api/get-order';

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

/**
 * The order `?order=<number>` names (the confirmation, the payment page): null when the query
 * holds no order number. A 401 on it is a session the server ended: the shopper is signed out
 * (their things kept) and sign-in brings them back to this page.
 */
export function useOrderOfUrl() {
  const [params] = useSearchParams();
  const raw = params.get('order');
  const number = raw !== null && ORDER_NUMBER.test(raw) ? raw : null;
  const order = useOrder(number);
  const sessionEnded = useSessionEnded();
  useEffect(() => {
    if (order.error) sessionEnded(order.error);
  }, [order.error, sessionEnded]);
  return { number, order };
}
