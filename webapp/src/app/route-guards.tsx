import { buildPath } from '@shop/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { useLanguage } from '../lib/i18n/use-language';
import { useAuth } from '../lib/services/services-context';

/** Routes marked `auth` in the route table: a guest signs in first and comes back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAuth((state) => state.isAuthenticated);
  const location = useLocation();
  const lang = useLanguage();
  if (!signedIn) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${buildPath(lang, 'signIn')}?next=${next}`} replace />;
  }
  return children;
}
