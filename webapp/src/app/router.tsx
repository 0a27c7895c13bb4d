import {
  stripLanguagePrefix,
  matchRoute,
  type InfoPageSlug,
  type RouteDef,
  type RouteId,
} from '@shop/shared';
import type { i18n as I18n } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { HomePage } from '../features/catalog/home-page';
import { FirstPaintOutline, firstPaintPageOf } from '../lib/first-paint/first-paint-outline';
import { loadOrderingCalls } from '../lib/api/call-defs';
import { hasTextPart, loadTextPart, loadTexts, switchLanguage } from '../lib/i18n/i18n';
import type { TextPart } from '../lib/i18n/locales/messages';
import {
  browserHistory,
  RouteErrorBoundary,
  RouteErrorResponse,
  Router,
  withOutlet,
  withParams,
  withRouteError,
  type Location,
  type Outcome,
} from '../lib/router';
import type { TelegramEnv } from '../lib/telegram';
import { NotFoundContent } from '../lib/ui/not-found';
import { AppShell } from './app-shell';
import { RouteErrorPage } from './error-page';
import { CheckoutLayout } from './layouts/checkout-layout';
import { DefaultLayout } from './layouts/default-layout';
import { detectClientLanguage, prefixedPath } from './prefix-redirect';
import { RequireAuth } from './route-guards';

type Page = (
  { Component: ComponentType } | { lazy: () => Promise<{ Component: ComponentType }> }
) & {
  /**
   * Texts beyond the language's `shop` part that the page needs, loaded before it shows: sign-in,
   * the account, checkout, payment and orders read the `ordering` part
   * (build/text-parts.test.ts checks that no other page does). Their calls' schemas
   * (lib/api/call-defs.ts) load beside them, so the page's first call does not wait for them.
   */
  texts?: TextPart;
};

/** An information page whose text comes from the content backend. */
const info = (slug: InfoPageSlug) =>
  ({
    lazy: () =>
      import('../features/info/info-page').then(({ InfoPage }) => ({
        Component: () => <InfoPage slug={slug} />,
      })),
  }) satisfies Page;

/**
 * Every id of the shared route table has a page, or this object does not type-check. Only home
 * is in the entry chunk (the first page most shoppers see, kept within the first-load budget of
 * build/bundle-budget.test.ts); every other page loads on first visit, while the router keeps
 * the current page on screen, so nothing shifts. A page that shows another feature's parts (the
 * cards at checkout, payment and the account) is composed in routes/.
 */
const PAGES: Record<RouteId, Page> = {
  home: { Component: HomePage },
  product: {
    lazy: () =>
      import('../features/product/product-page').then((m) => ({ Component: m.ProductPage })),
  },
  cart: {
    lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
  },
  signIn: {
    lazy: () => import('../features/auth/sign-in-page').then((m) => ({ Component: m.SignInPage })),
    texts: 'ordering',
  },
  checkout: {
    lazy: () => import('./routes/checkout-route').then((m) => ({ Component: m.CheckoutRoute })),
    texts: 'ordering',
  },
  confirmed: {
    lazy: () =>
      import('../features/checkout/confirmed-page').then((m) => ({ Component: m.ConfirmedPage })),
    texts: 'ordering',
  },
  account: {
    lazy: () => import('./routes/account-route').then((m) => ({ Component: m.AccountRoute })),
    texts: 'ordering',
  },
  orders: {
    lazy: () => import('../features/orders/orders-page').then((m) => ({ Component: m.OrdersPage })),
    texts: 'ordering',
  },
  order: {
    lazy: () => import('../features/orders/order-page').then((m) => ({ Component: m.OrderPage })),
    texts: 'ordering',
  },
  payment: {
    lazy: () => import('./routes/payment-route').then((m) => ({ Component: m.PaymentRoute })),
    texts: 'ordering',
  },
  products: {
    lazy: () =>
      import('../features/catalog/products-page').then((m) => ({ Component: m.ProductsPage })),
  },
  catalog: {
    lazy: () =>
      import('../features/catalog/catalog-page').then((m) => ({ Component: m.CatalogPage })),
  },
  categories: {
    lazy: () =>
      import('../features/catalog/categories-page').then((m) => ({
        Component: m.CategoriesPage,
      })),
  },
  markets: {
    lazy: () => import('../features/info/markets-page').then((m) => ({ Component: m.MarketsPage })),
  },
  contacts: info('contacts'),
  brands: {
    lazy: () =>
      import('../features/catalog/brands-page').then((m) => ({ Component: m.BrandsPage })),
  },
  pages: {
    lazy: () => import('../features/info/info-page').then((m) => ({ Component: m.PagesPage })),
  },
  about: info('about'),
  delivery: info('delivery'),
  howToBuy: info('how-to-buy'),
  publicOffer: info('public-offer'),
  return: info('return'),
  blogs: {
    lazy: () => import('../features/info/blogs-page').then((m) => ({ Component: m.BlogsPage })),
  },
  blog: {
    lazy: () => import('../features/info/blog-page').then((m) => ({ Component: m.BlogPage })),
  },
};

/**
 * Starts loading the code of the page at `pathname` now, beside whatever else the start waits
 * for (its language's texts, the Telegram SDK), instead of after them when the router asks for
 * it. The module system keeps the one download for the router's own import. A failure is left
 * to that import, which the router and its error page handle as always.
 */
export function preloadPage(pathname: string): void {
  const match = matchRoute(pathname);
  const page = match ? PAGES[match.route.id] : null;
  if (page && 'lazy' in page) page.lazy().catch(() => undefined);
  const { language } = stripLanguagePrefix(pathname);
  if (page?.texts && language) loadTexts(page.texts, language).catch(() => undefined);
  if (page?.texts === 'ordering') loadOrderingCalls().catch(() => undefined);
}

function withAuth(Component: ComponentType): ComponentType {
  return function Guarded() {
    return (
      <RequireAuth>
        <Component />
      </RequireAuth>
    );
  };
}

/** A page's component once loaded (guarded when the route asks for a signed-in shopper). */
function pageComponent(route: RouteDef): ComponentType | Promise<ComponentType> {
  const page = PAGES[route.id];
  const guard = (Component: ComponentType) => (route.auth ? withAuth(Component) : Component);
  if ('Component' in page) return guard(page.Component);
  return page.lazy().then(({ Component }) => guard(Component));
}

export interface RouterDeps {
  i18n: I18n;
  telegram: TelegramEnv | null;
}

export function createAppRouter(deps: RouterDeps): Router {
  // Loaded once, then the same component on every visit: a page is never remounted by the
  // router only because it was resolved again.
  const loaded = new Map<RouteId, ComponentType>();
  const load = (route: RouteDef): ComponentType | Promise<ComponentType> => {
    const known = loaded.get(route.id);
    if (known) return known;
    const component = pageComponent(route);
    if (component instanceof Promise) {
      return component.then((Component) => {
        loaded.set(route.id, Component);
        return Component;
      });
    }
    loaded.set(route.id, component);
    return component;
  };

  const resolve = (location: Location): Outcome | Promise<Outcome> => {
    const { language } = stripLanguagePrefix(location.pathname);
    if (!language) {
      // A path without a language prefix goes to the detected language (the server does the
      // same for full loads); one with an unknown prefix is a 404.
      const url = new URL(location.pathname + location.search + location.hash, 'http://local');
      const target = prefixedPath(url, detectClientLanguage(deps.telegram));
      return target
        ? { redirect: target }
        : { element: withRouteError(<RouteErrorPage />, new RouteErrorResponse(404)) };
    }
    const match = matchRoute(location.pathname);
    const layout = match?.route.layout ?? 'default';
    const params = match?.params ?? {};
    // The language's texts before its first page, and the part of them the page needs (a
    // failure is a chunk error for the error page); an unknown path is the 404 page inside the
    // default layout.
    const switched = deps.i18n.language === language ? null : switchLanguage(deps.i18n, language);
    const part = match ? PAGES[match.route.id].texts : undefined;
    // The calls' schemas are not awaited: a call waits for them itself.
    if (part === 'ordering') loadOrderingCalls().catch(() => undefined);
    const partLoad =
      part && !hasTextPart(deps.i18n, language, part)
        ? loadTextPart(deps.i18n, language, part)
        : null;
    const texts = switched || partLoad ? Promise.all([switched, partLoad]) : null;
    const page = match ? load(match.route) : NotFoundContent;
    if (texts || page instanceof Promise) return settle(texts, page, layout, params);
    // Loaded already (home, a page seen before): on screen at once, no waiting a turn.
    const Component = page;
    return { element: pageTree(layout, withParams(<Component />, params)) };
  };

  return new Router(browserHistory(window), resolve);
}

async function settle(
  texts: Promise<unknown> | null,
  page: ComponentType | Promise<ComponentType>,
  layout: RouteDef['layout'],
  params: Readonly<Record<string, string>>,
): Promise<Outcome> {
  try {
    await texts;
  } catch (error) {
    // Without its texts no page of the language can show: the error page alone.
    return { element: withRouteError(<RouteErrorPage />, error) };
  }
  try {
    const Component = await page;
    return { element: pageTree(layout, withParams(<Component />, params)) };
  } catch (error) {
    // The page's code failed to load: its error page, inside the shop's frame.
    return { element: pageTree(layout, withRouteError(<RouteErrorPage />, error)) };
  }
}

/**
 * The shell, the route's layout and the page, each failure caught at the level it belongs to: a
 * page that throws shows the error page inside the layout; a shell that throws shows it alone.
 * The tree has the same shape for every page, so the shell and a shared layout stay mounted.
 */
function pageTree(layout: RouteDef['layout'], page: ReactNode): ReactNode {
  const Layout = layout === 'checkout' ? CheckoutLayout : DefaultLayout;
  return (
    <RouteErrorBoundary fallback={<RouteErrorPage />}>
      {withOutlet(
        <AppShell />,
        withOutlet(
          <Layout />,
          <RouteErrorBoundary fallback={<RouteErrorPage />}>{page}</RouteErrorBoundary>,
        ),
      )}
    </RouteErrorBoundary>
  );
}

/** Shown until the first page is resolved: the page's outline, not a blank screen. */
export function BootFallback() {
  // A product or blog page keeps the outline the server drew in its HTML: the same boxes.
  const outline = firstPaintPageOf(window.location.pathname);
  if (outline) return <FirstPaintOutline page={outline} />;
  return (
    <div className="boot" aria-busy="true">
      <span className="skeleton boot__bar" />
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--text" />
      <span className="skeleton skeleton--text" style={{ width: '70%' }} />
    </div>
  );
}
