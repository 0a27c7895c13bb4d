import { logWarning } from '../log';

/**
 * Registers /sw.js for offline use and installation (spec §1, §4). Not inside Telegram: the
 * iOS Telegram webview does not run service workers, and a cached shell there would only serve
 * stale builds. When a new worker takes control (an update, or activation from another tab)
 * the page reloads once so code and cache agree; but a shopper in the middle of checking out
 * (`mayReload` says no) is asked instead (`offerReload`), so a form they are filling is not lost.
 */
export function registerServiceWorker(deps: {
  onFailure: (error: unknown) => void;
  reload: () => void;
  mayReload: () => boolean;
  offerReload: () => void;
}): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install also takes control (clients.claim); only a change of controller on a
  // page that already had one means the code under it changed.
  let hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (hadController && !reloading) {
      reloading = true;
      if (deps.mayReload()) deps.reload();
      else deps.offerReload();
    }
    hadController = true;
  });

  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // Look for a newer build now and then while the tab stays open.
      const check = () => {
        registration.update().catch((error: unknown) => {
          logWarning('Service worker update check failed', error);
        });
      };
      setInterval(check, 60 * 60 * 1000);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => {
      logWarning('Service worker registration failed', error);
      deps.onFailure(error);
    });
}
