import { buildPath, matchRoute } from '@shop/shared';
import { createElement, lazy, Suspense, useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from '../lib/router';
import { useResolvedTheme } from '../features/preferences/theme-context';
import { useLanguage } from '../lib/i18n/use-language';
import { useServices } from '../lib/services/services-context';
import {
  telegramAppRoot,
  telegramReady,
  useTelegramBackButton,
  useTelegramChromeColors,
  useTelegramEnv,
} from '../lib/telegram';
import { Toaster } from '../lib/ui/toaster';
import { useTelegramPalette } from '../lib/ui/use-telegram-palette';
import { deepLinkPath } from './deep-link';
import { NewBuildBanner } from './new-build-banner';
import { useSignOutOnArrival } from '../lib/auth/sign-out-on-arrival';

// Only an order held offline and since sent needs it: its code (and the order query's) loads then,
// not before home's first render. The network is back by then, so the chunk can come.
const HeldOrderWatcher = lazy(() =>
  import('../features/checkout/held-order-watcher').then((module) => ({
    default: module.HeldOrderWatcher,
  })),
);

const THEME_COLORS = { light: '#ffffff', dark: '#121417' } as const;
const START_PARAM_DONE_KEY = 'startParamHandled';

/** Going back within the app when there is history, else to the home page (a fresh deep link). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const lang = useLanguage();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index =
      typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate(buildPath(lang, 'home'));
  }, [navigate, lang]);
}

export function useIsRootPage(): boolean {
  const { pathname } = useLocation();
  return matchRoute(pathname)?.route.id === 'home';
}

/**
 * Everything around the pages: the app root (Telegram UI's inside Telegram), the theme on <html>, the Telegram BackButton,
 * ready(), start_param deep links, toasts.
 */
export function AppShell() {
  const telegram = useTelegramEnv();
  const { appearance, palette } = useResolvedTheme();
  const { session, heldOrders } = useServices();
  const heldOrderSent = useStore(heldOrders, (state) => state.sent !== null);
  const navigate = useNavigate();
  const lang = useLanguage();
  const isRoot = useIsRootPage();
  const goBack = useGoBack();

  useTelegramBackButton(!isRoot, goBack);
  useSignOutOnArrival();

  useEffect(() => {
    if (telegram) telegramReady();
  }, [telegram]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = palette;
    root.style.colorScheme = appearance;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', THEME_COLORS[appearance]);
  }, [appearance, palette]);
  useTelegramPalette(palette);
  // After the effect above: it puts the palette on <html> that this one reads back.
  useTelegramChromeColors(palette);

  useEffect(() => {
    // The SDK keeps launch parameters for the whole session: follow the link once, not on reload.
    if (!telegram?.startParam || session.getItem(START_PARAM_DONE_KEY) === '1') return;
    session.setItem(START_PARAM_DONE_KEY, '1');
    const target = deepLinkPath(telegram.startParam, lang);
    if (target) void navigate(target);
  }, [telegram, session, navigate, lang]);

  const pages = (
    <>
      <Outlet />
      <NewBuildBanner />
      {heldOrderSent && (
        <Suspense fallback={null}>
          <HeldOrderWatcher />
        </Suspense>
      )}
      <Toaster />
      <ScrollRestoration />
    </>
  );
  // Inside Telegram, Telegram UI's root with an explicit appearance and platform (it came with
  // the SDK chunk); in a browser a plain element, so neither its code nor its stylesheet loads.
  // The root is the same component on every render (the module's export), hence createElement.
  const telegramRoot = telegram ? telegramAppRoot() : null;
  if (telegramRoot) {
    const platform = ['ios', 'macos'].includes(telegram?.platform ?? '') ? 'ios' : 'base';
    return createElement(telegramRoot, { appearance, platform, className: 'app-root' }, pages);
  }
  return <div className="app-root">{pages}</div>;
}
