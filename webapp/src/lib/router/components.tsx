import {
  Component,
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { resolvePath, splitPath, type Location } from './history';
import type { NavigateOptions, Router, RouterState } from './router';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});
const OutletContext = createContext<ReactNode>(null);
const ErrorContext = createContext<unknown>(undefined);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks are used outside <RouterProvider>');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('router hooks are used outside <RouterProvider>');
  return state;
}

/**
 * Renders the current location's page; `fallback` until the first one is resolved. A new page
 * renders as a transition (in slices of a few milliseconds, the old page on screen meanwhile):
 * a store's update alone would render the whole page in one long task.
 */
export function RouterProvider({ router, fallback }: { router: Router; fallback: ReactNode }) {
  const state = useDeferredValue(useSyncExternalStore(router.subscribe, () => router.state));
  useEffect(() => {
    router.start();
  }, [router]);
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        {state.resolved ? state.element : fallback}
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigate(): Router['navigate'] {
  return useRouter().navigate;
}

/** The current route's parameters (`slug`, `number`), as the route table names them. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

/** The page's address query, and a way to change it (a navigation to the same path). */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      void navigate(`?${next.toString()}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** `element` with `outlet` as what its <Outlet /> renders, and `params` for the page inside. */
export function withOutlet(element: ReactNode, outlet: ReactNode): ReactNode {
  return <OutletContext.Provider value={outlet}>{element}</OutletContext.Provider>;
}

export function withParams(element: ReactNode, params: Readonly<Record<string, string>>) {
  return <ParamsContext.Provider value={params}>{element}</ParamsContext.Provider>;
}

/** Where a layout puts the page inside it. */
export function Outlet() {
  return useContext(OutletContext);
}

/** Goes to `to` once rendered (a redirect drawn by a page), then renders nothing. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & { to: string };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * A link that navigates in the app on a plain click, and stays a real link for everything else
 * (a new tab, a copied address, a crawler). A link to the page on screen replaces its entry, so
 * tapping it again does not pile up Back steps.
 */
export function Link({ to, replace, state, preventScrollReset, onClick, ...anchor }: LinkProps) {
  const { location } = useRouterState();
  const navigate = useNavigate();
  const href = resolvePath(to, location);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event, anchor.target)) return;
        event.preventDefault();
        const here = location.pathname + location.search + location.hash;
        void navigate(href, { replace: replace ?? href === here, state, preventScrollReset });
      }}
    />
  );
}

/** A link that knows it leads to the page on screen (or, without `end`, to one beneath it). */
export function NavLink({
  className,
  end,
  ...link
}: Omit<LinkProps, 'className'> & {
  className: (state: { isActive: boolean }) => string;
  end?: boolean;
}) {
  const { pathname } = useLocation();
  const target = splitPath(resolvePath(link.to, { pathname, search: '' })).pathname;
  const isActive = pathname === target || (!end && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...link}
      className={className({ isActive })}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}

/** The 404 a route answers with (an unknown language prefix), shown by the error page. */
export class RouteErrorResponse {
  constructor(readonly status: number) {}
}

export function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  return error instanceof RouteErrorResponse;
}

/** The error the nearest <RouteErrorBoundary> caught, for its error page. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** `fallback` with `error` as what useRouteError() answers inside it. */
export function withRouteError(fallback: ReactNode, error: unknown): ReactNode {
  return <ErrorContext.Provider value={error}>{fallback}</ErrorContext.Provider>;
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failed: { error: unknown } | null;
  /** The location the boundary last rendered: a new one clears a caught error. */
  locationKey: string;
}

/**
 * A page that throws while rendering shows `fallback` in its place (inside the layout when the
 * boundary sits there); the next navigation tries the page again.
 */
class ErrorBoundary extends Component<BoundaryProps & { locationKey: string }, BoundaryState> {
  override state: BoundaryState = { failed: null, locationKey: '' };

  static getDerivedStateFromProps(
    props: BoundaryProps & { locationKey: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { failed: null, locationKey: props.locationKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } };
  }

  override render() {
    const { failed } = this.state;
    return failed ? withRouteError(this.props.fallback, failed.error) : this.props.children;
  }
}

export function RouteErrorBoundary(props: BoundaryProps) {
  const { key } = useLocation();
  return <ErrorBoundary {...props} locationKey={key} />;
}

const SCROLL_STORAGE_KEY = 'react-router-scroll-positions';

function readSavedPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] =>
        Number.isFinite(entry[1]),
      ),
    );
  } catch {
    // Unreadable (blocked storage, another app's junk under the key): start afresh.
    return {};
  }
}

/** Scroll positions by history entry, kept in the tab's session storage across reloads. */
let savedPositions: Record<string, number> | null = null;
const positions = (): Record<string, number> => (savedPositions ??= readSavedPositions());

/**
 * The browser's scroll memory, done by the app (the browser's own restores before a page's
 * content is back): Back and Forward, and a reload, return to where the shopper was; a new page
 * starts at its top, or at the element its #hash names; a listing's filter change stays put.
 */
export function ScrollRestoration() {
  const router = useRouter();
  const { location, action, preventScrollReset, resolved } = useRouterState();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The position of the page being left, taken before the next page replaces it (a commit
    // only schedules React's render).
    let shown = router.state.location.key;
    const unsubscribe = router.subscribe(() => {
      positions()[shown] = window.scrollY;
      shown = router.state.location.key;
    });
    const persist = () => {
      positions()[router.state.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions()));
      } catch {
        // Storage full or blocked: the positions are only lost across a reload.
      }
    };
    window.addEventListener('pagehide', persist);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);

  useLayoutEffect(() => {
    if (!resolved) return;
    const saved = positions()[location.key];
    if (action === 'pop' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (action !== 'pop' && !preventScrollReset) window.scrollTo(0, 0);
  }, [location, action, preventScrollReset, resolved]);

  return null;
}
