import {
  isLanguage,
  matchRoute,
  ROUTES,
  type InfoPageSlug,
  type RouteDef,
  type RouteId,
} from '@shop/shared';
import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  data,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { HomePage } from '../features/catalog/home-page';
import { FirstPaintOutline, firstPaintPageOf } from '../lib/first-paint/first-paint-outline';
import { switchLanguage } from '../lib/i18n/i18n';
import type { TelegramEnv } from '../lib/telegram';
import { NotFoundContent } from '../lib/ui/not-found';
import { AppShell } from './app-shell';
import { RouteErrorPage } from './error-page';
import { CheckoutLayout } from './layouts/checkout-layout';
import { DefaultLayout } from './layouts/default-layout';
import { detectClientLanguage, prefixedPath } from './prefix-redirect';
import { RequireAuth } from './route-guards';

type Page = { Component: ComponentType } | { lazy: () => Promise<{ Component: ComponentType }> };

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
 * build/bundle-budget.test.ts); every other page loads on first visit, while React Router keeps
 * the current page on screen, so nothing shifts.
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
  },
  checkout: {
    lazy: () =>
      import('../features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
  },
  confirmed: {
    lazy: () =>
      import('../features/checkout/confirmed-page').then((m) => ({ Component: m.ConfirmedPage })),
  },
  account: {
    lazy: () => import('../features/auth/account-page').then((m) => ({ Component: m.AccountPage })),
  },
  orders: {
    lazy: () => import('../features/orders/orders-page').then((m) => ({ Component: m.OrdersPage })),
  },
  order: {
    lazy: () => import('../features/orders/order-page').then((m) => ({ Component: m.OrderPage })),
  },
  payment: {
    lazy: () =>
      import('../features/checkout/payment-page').then((m) => ({ Component: m.PaymentPage })),
  },
  products: {
    lazy: () =>
      import('../features/catalog/products-page').then((m) => ({ Component: m.ProductsPage })),
  },
  catalog: {
    lazy: () =>
      import('../features/catalog/categories-page').then((m) => ({ Component: m.CatalogPage })),
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
      import('../features/catalog/categories-page').then((m) => ({ Component: m.BrandsPage })),
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
    lazy: () => import('../features/info/blogs-page').then((m) => ({ Component: m.BlogPage })),
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

function pageRoute(route: RouteDef): RouteObject {
  const page = PAGES[route.id];
  const base = route.pattern === '' ? { index: true as const } : { path: route.pattern };
  if ('Component' in page) {
    return {
      ...base,
      caseSensitive: true,
      Component: route.auth ? withAuth(page.Component) : page.Component,
    };
  }
  return {
    ...base,
    caseSensitive: true,
    lazy: async () => {
      const { Component } = await page.lazy();
      return { Component: route.auth ? withAuth(Component) : Component };
    },
  };
}

function layoutRoutes(layout: RouteDef['layout']): RouteObject[] {
  return ROUTES.filter((route) => route.layout === layout).map(pageRoute);
}

/** The first paint while the first page's code loads: the page's outline, not a blank screen. */
function BootFallback() {
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

export interface RouterDeps {
  i18n: I18n;
  telegram: TelegramEnv | null;
}

export function createAppRouter(deps: RouterDeps) {
  // A path without a language prefix goes to the detected language (the server does the same
  // for full loads); one with an unknown prefix is a 404.
  const prefixless = ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = prefixedPath(url, detectClientLanguage(deps.telegram));
    if (target) return redirect(target);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to a 404
    throw data(null, { status: 404 });
  };

  const languageLoader = async (args: LoaderFunctionArgs) => {
    const lang = args.params.lang;
    if (!isLanguage(lang)) return prefixless(args);
    // Loads the language's texts first; a failed load is a chunk error for the error boundary.
    if (deps.i18n.language !== lang) await switchLanguage(deps.i18n, lang);
    return null;
  };

  return createBrowserRouter([
    { path: '/', loader: prefixless, errorElement: <RouteErrorPage /> },
    {
      path: '/:lang',
      loader: languageLoader,
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      // Shown for the moment the first load's loader and lazy page module take.
      HydrateFallback: BootFallback,
      children: [
        {
          element: <DefaultLayout />,
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [...layoutRoutes('default'), { path: '*', element: <NotFoundContent /> }],
            },
          ],
        },
        {
          element: <CheckoutLayout />,
          children: [{ errorElement: <RouteErrorPage />, children: layoutRoutes('checkout') }],
        },
      ],
    },
  ]);
}
