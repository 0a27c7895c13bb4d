// First: zod is set up before any schema is built (see the module).
import './lib/zod-jitless';
import './app/styles.css';
import './lib/ui/ui.css';
import { isLanguage, matchRoute, stripLanguagePrefix } from '@shop/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { detectClientLanguage, telegramLaunchPath } from './app/prefix-redirect';
import { Providers } from './app/providers';
import { BootFallback, createAppRouter, preloadPage } from './app/router';
import { createAppServices } from './app/services';
import { resolveAppearance } from './features/preferences/theme-store';
import { shopConfig } from './lib/config/shop-config';
import { createI18n, loadMessages } from './lib/i18n/i18n';
import { rememberLanguage } from './lib/i18n/language-cookie';
import { hydrateInlineQueries } from './lib/first-paint/inline-queries';
import { reloadOnceForChunkError } from './lib/pwa/chunk-reload';
import { watchInstallPrompt } from './lib/pwa/install-prompt';
import { linkManifestOf } from './lib/pwa/manifest-link';
import {
  DEFAULT_BUILD_POLL_INTERVAL_MS,
  fetchDeployedBuild,
  watchForNewBuild,
} from './lib/pwa/new-build';
import { indexedDbAnswers } from './lib/query-client/persisted-query-provider';
import { createQueryClient } from './lib/query-client/query-client';
import { refreshWhenWorkerUpdates } from './lib/query-client/worker-updates';
import { browserStorage } from './lib/storage/storage';
import { RouterProvider } from './lib/router';
import { startTelegram } from './lib/telegram';
import { yieldToMain } from './lib/utils/yield-to-main';

// The only module with side effects: it reads the environment and wires the app together.

// Before anything is awaited: the page's own code and its language's texts start downloading
// at once, side by side (and beside the Telegram SDK), not one after another. The texts are
// used below when the language stays the address's one (a Telegram launch may choose another).
preloadPage(window.location.pathname);
const languageAtStart = stripLanguagePrefix(window.location.pathname).language;
const messagesAtStart = languageAtStart ? loadMessages(languageAtStart) : null;
// Handled where it is awaited; this branch only keeps an early failure from being unhandled.
messagesAtStart?.catch(() => undefined);

// First, before the router can rewrite the URL and drop the hash with the launch parameters.
// The SDK is downloaded only when the page carries them: a plain browser never waits for it.
const telegram = await startTelegram();

// The SDK has cached the launch parameters by now: drop the hash, fix the language.
const launchPath = telegramLaunchPath(telegram, window.location);
if (launchPath) window.history.replaceState(null, '', launchPath);

const languageInPath = stripLanguagePrefix(window.location.pathname).language;
const initialLanguage = languageInPath ?? detectClientLanguage(telegram);
// On the web, opening a /ru link counts as choosing Russian (as the switch does), so the shopper
// comes back to /ru. Not inside Telegram: there, without a choice made in the switch, the app
// follows Telegram's own language, which the shopper may change.
if (languageInPath && !telegram) rememberLanguage(languageInPath);
// The first render waits for its one language's texts (the others load on a switch): it shows
// words, never keys. A chunk a deploy removed fails here like any other: the page reloads once.
const messages =
  messagesAtStart && initialLanguage === languageAtStart
    ? messagesAtStart
    : loadMessages(initialLanguage);
const i18n = createI18n(
  initialLanguage,
  await messages.catch((error: unknown) => {
    reloadOnceForChunkError({
      storage: browserStorage('session'),
      path: window.location.pathname,
      now: Date.now(),
      reload: () => {
        window.location.reload();
      },
    });
    throw error;
  }),
);
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  if (isLanguage(language)) linkManifestOf(language);
});
document.documentElement.lang = initialLanguage;
linkManifestOf(initialLanguage);
// The start-up runs in several short tasks, not one long one: the phone answers a tap between
// them (Lighthouse's total blocking time counts every task over 50 ms on a slow phone).
await yieldToMain();

const queryClient = createQueryClient();
// A product or blog page's own data came with the HTML: the first render needs no request.
hydrateInlineQueries(queryClient, document);
await yieldToMain();
const { theme, ...services } = createAppServices({ i18n, queryClient, telegram });

if (!telegram) watchInstallPrompt(window, services.pwa);

if (!telegram && import.meta.env.PROD) {
  // Its own chunk (workbox-window): a page inside Telegram never loads it, and it registers only
  // once the page has loaded anyway.
  const failed = () => {
    services.pwa.getState().setServiceWorkerFailed(true);
  };
  import('./lib/pwa/register-service-worker')
    .then(({ registerServiceWorker }) => {
      registerServiceWorker({
        onFailure: failed,
        reload: () => {
          window.location.reload();
        },
        // Checking out, the shopper is asked first (the new-build banner) rather than losing a form.
        mayReload: () => matchRoute(window.location.pathname)?.route.layout !== 'checkout',
        offerReload: () => {
          services.pwa.getState().offerReload();
        },
      });
    })
    .catch(failed);
  // A public answer the worker gave from its cache and then found changed is asked again.
  if ('serviceWorker' in navigator) refreshWhenWorkerUpdates(navigator.serviceWorker, queryClient);
}

// Look for a newer build on focus and every few minutes, inside Telegram too (where no
// service worker brings one); the banner then offers the reload.
watchForNewBuild({
  running: __BUILD_ID__,
  deployed: () => fetchDeployedBuild(),
  onNewBuild: () => {
    services.pwa.getState().offerReload();
  },
  every: (ms, check) => {
    const timer = window.setInterval(check, ms);
    return () => {
      window.clearInterval(timer);
    };
  },
  intervalMs: shopConfig().buildPollIntervalMs ?? DEFAULT_BUILD_POLL_INTERVAL_MS,
  focusSource: window,
  visibilitySource: document,
});

const router = createAppRouter({ i18n, telegram });
// Before the first render: a page whose code is already here (home) renders at once.
router.start();
await yieldToMain();
// A deploy that removed the chunks of an open tab reloads it, at most once per 10 s (no loop).
// On the way to a page the failed import reaches the router, which shows that page's error
// boundary: RouteErrorPage reloads the page the shopper was going to (reloading here would take
// them back to the one they left). Any other failed chunk reloads the page on screen.
window.addEventListener('vite:preloadError', (event) => {
  if (router.isNavigating()) return;
  const reloaded = reloadOnceForChunkError({
    storage: services.session,
    path: window.location.pathname,
    now: Date.now(),
    reload: () => {
      window.location.reload();
    },
  });
  if (reloaded) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Avoid a flash of the wrong palette before the shell applies the resolved theme.
{
  const choice = theme.getState().theme;
  const appearance = resolveAppearance(choice, {
    telegramDark: telegram ? telegram.colorScheme === 'dark' : null,
    systemDark: window.matchMedia('(prefers-color-scheme: dark)').matches,
  });
  document.documentElement.dataset.theme =
    choice === 'default' && telegram ? 'telegram' : appearance;
}

// As a transition, React renders the first page in slices of a few milliseconds, yielding to the
// browser between them, instead of in one long task.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers
        i18n={i18n}
        queryClient={queryClient}
        savedAnswers={'indexedDB' in window ? indexedDbAnswers() : null}
        services={services}
        theme={theme}
        telegram={telegram}
      >
        <RouterProvider router={router} fallback={<BootFallback />} />
      </Providers>
    </StrictMode>,
  );
});
