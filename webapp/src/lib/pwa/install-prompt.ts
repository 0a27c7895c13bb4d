import type { InstallPromptEvent, PwaStore } from './pwa-store';

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return typeof (event as { prompt?: unknown }).prompt === 'function';
}

/**
 * Keeps the browser's install offer for the "Install the app" entry instead of its own mini
 * bar, and drops it once the app is installed.
 */
export function watchInstallPrompt(
  target: Pick<Window, 'addEventListener'>,
  store: PwaStore,
): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPromptEvent(event)) return;
    event.preventDefault();
    store.getState().setInstallPrompt(event);
  });
  target.addEventListener('appinstalled', () => {
    store.getState().setInstallPrompt(null);
  });
}

/**
 * Safari on iPhone and iPad has no install offer: the shop is added from the Share menu. True
 * there unless the app already runs installed (`navigator.standalone`); other iOS browsers
 * (Chrome, Firefox, Edge, Opera) cannot add it at all.
 */
export function needsIosInstallHowTo(userAgent: string, standalone: boolean | undefined): boolean {
  const ios = /\b(iPhone|iPad|iPod)\b/.test(userAgent);
  const safari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && safari && standalone !== true;
}
