import { useCallback } from 'react';
import { isApiError } from '../api/api-error';
import { useServices } from '../services/services-context';

/**
 * A 401 from a card or order call means the session may have ended (revoked, expired). Reloading
 * the user asks the server once more; if it says 401 too, the api client signs the shopper out
 * the way every ended session is (the filled checkout kept), and the route guard leads to
 * sign-in with the way back. Returns whether the error was such a 401.
 */
export function useSessionEnded(): (error: unknown) => boolean {
  const { auth } = useServices();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.status !== 401) return false;
      void auth.getState().refreshUser();
      return true;
    },
    [auth],
  );
}
