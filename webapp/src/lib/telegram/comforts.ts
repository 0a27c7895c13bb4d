// The small comforts a Mini App owes its shopper: ask before closing over unsaved input, keep a
// dragged map from closing the app, share to a chat, a tick on each choice. Kept apart from
// telegram.ts; it is bundled into the same lazily loaded SDK chunk through its re-export there.
import {
  closingBehavior,
  hapticFeedback,
  postEvent,
  shareURL,
  swipeBehavior,
} from '@telegram-apps/sdk-react';
import { logWarning } from '../log';

function safely(what: string, fn: () => void): void {
  try {
    fn();
  } catch (error) {
    logWarning(`Telegram: ${what} failed`, error);
  }
}

/** Whether Telegram asks "Close anyway?" before the shopper closes the app. */
export function telegramSetClosingConfirmation(on: boolean): void {
  safely('closing confirmation', () => {
    if (!closingBehavior.isMounted() && closingBehavior.mount.isAvailable()) {
      closingBehavior.mount();
    }
    if (on && closingBehavior.enableConfirmation.isAvailable()) {
      closingBehavior.enableConfirmation();
    }
    if (!on && closingBehavior.disableConfirmation.isAvailable()) {
      closingBehavior.disableConfirmation();
    }
  });
}

/**
 * Whether a vertical swipe may minimise or close the app. Posted directly: mounting the SDK's
 * swipeBehavior component turns swipe-to-close off for good.
 */
export function telegramSetVerticalSwipes(allowed: boolean): void {
  safely('swipe behaviour', () => {
    if (!swipeBehavior.isSupported()) return;
    postEvent('web_app_setup_swipe_behavior', { allow_vertical_swipe: allowed });
  });
}

/** Telegram's own share sheet (t.me/share/url); false where the client cannot open it. */
export function telegramShareUrl(url: string, text: string): boolean {
  try {
    if (!shareURL.isAvailable()) return false;
    shareURL(url, text);
    return true;
  } catch (error) {
    logWarning('Telegram: share failed', error);
    return false;
  }
}

/** The light tick of a changed selection (a quantity, a chip). */
export function telegramSelectionChanged(): void {
  safely('selection haptic', () => {
    if (hapticFeedback.selectionChanged.isAvailable()) hapticFeedback.selectionChanged();
  });
}
