import { Workbox } from 'workbox-window';
import { logWarning } from '../log';

/** The worker the build writes (webapp/build/service-worker.ts); the server sends it uncached. */
export const SERVICE_WORKER_URL = '/sw.js';
/** How often an open tab asks for a newer worker, besides whenever it is shown again. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the Workbox worker for offline use and installation, through
 * workbox-window once the page has loaded. Not inside Telegram (the caller decides): the iOS
 * Telegram webview does not run service workers, and a cached shell there would only serve stale
 * builds. When another worker takes control (an update of this one, or a worker another tab
 * activated) the page reloads once so code and cache agree; but a shopper in the middle of
 * checking out (`mayReload` says no) is asked instead (`offerReload`), so a form they are filling
 * is not lost. The first worker taking control of a page that had none changes nothing under it,
 * whichever page installed it.
 */
export function registerServiceWorker(deps: {
  onFailure: (error: unknown) => void;
  reload: () => void;
  mayReload: () => boolean;
  offerReload: () => void;
  /** For tests; the real one by default. */
  createWorkbox?: () => Workbox;
}): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = deps.createWorkbox?.() ?? new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  let reloading = false;
  // Only a worker replacing another brings code the page did not load. The first to take control
  // replaces nothing, also when an earlier page installed it and it was still installing as this
  // one loaded (Workbox calls that one external): reloading then wiped a sign-in being typed.
  let controlled = navigator.serviceWorker.controller !== null;
  workbox.addEventListener('controlling', (event) => {
    const replaced = controlled;
    controlled = true;
    // isUpdate: the page had a worker when it registered; isExternal: a worker this page's
    // registration did not install (another tab's, or an update found later on).
    if (reloading || !replaced || !(event.isUpdate === true || event.isExternal === true)) return;
    reloading = true;
    if (deps.mayReload()) deps.reload();
    else deps.offerReload();
  });

  workbox
    .register()
    .then(() => {
      // Look for a newer build now and then while the tab stays open.
      const check = () => {
        workbox.update().catch((error: unknown) => {
          logWarning('Service worker update check failed', error);
        });
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => {
      logWarning('Service worker registration failed', error);
      deps.onFailure(error);
    });
}
