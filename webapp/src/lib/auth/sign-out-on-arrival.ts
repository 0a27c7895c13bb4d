import { useEffect } from 'react';
import { useLocation, useNavigate } from '../router';
import { useServices } from '../services/services-context';

/**
 * "Log out" navigates with this state and the shell signs out once the page it leads to is on
 * screen. Signing out earlier, while the page that asked is still shown, lets its sign-in guard
 * bounce the shopper to the sign-in form: the router renders a navigation in a transition, so a
 * quick logout answer (a synchronous store update) can render the old page signed out first.
 */
export const SIGN_OUT_ON_ARRIVAL = { signOut: true } as const;

function asksToSignOut(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'signOut' in state && state.signOut === true
  );
}

export function useSignOutOnArrival(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { auth } = useServices();
  useEffect(() => {
    if (!asksToSignOut(location.state)) return;
    // The entry forgets the request, so Back or a reload does not sign out again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
    });
    void auth.getState().logout();
  }, [location, navigate, auth]);
}
