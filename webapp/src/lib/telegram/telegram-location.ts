// The device's location through Telegram's location manager, which checkout asks before the
// browser's. Part of the SDK chunk (telegram.ts re-exports it); reached from outside through
// telegram-loader.ts.
import { locationManager } from '@telegram-apps/sdk-react';
import { logWarning } from '../log';

export interface TelegramLocation {
  lat: number;
  lng: number;
}

/**
 * Why Telegram gave no location: 'unsupported' (an older client, or no location manager: use the
 * browser's instead), or 'denied' (the shopper refused, here or in the bot's settings).
 */
export type TelegramLocationFailure = 'unsupported' | 'denied';

// A client that never answers (some desktop builds) must not leave the button spinning.
const LOCATION_TIMEOUT_MS = 15_000;

/** The device location through Telegram's location manager, where the client offers one. */
export async function requestTelegramLocation(): Promise<
  TelegramLocation | { failure: TelegramLocationFailure }
> {
  try {
    if (!locationManager.isSupported()) return { failure: 'unsupported' };
    if (!locationManager.isMounted()) {
      if (!locationManager.mount.isAvailable()) return { failure: 'unsupported' };
      await locationManager.mount({ timeout: LOCATION_TIMEOUT_MS });
    }
    if (!locationManager.isAvailable() || !locationManager.requestLocation.isAvailable()) {
      return { failure: 'unsupported' };
    }
    const answer: unknown = await locationManager.requestLocation({ timeout: LOCATION_TIMEOUT_MS });
    if (typeof answer === 'object' && answer !== null && 'latitude' in answer) {
      const { latitude, longitude } = answer as { latitude: unknown; longitude: unknown };
      if (typeof latitude === 'number' && typeof longitude === 'number') {
        return { lat: latitude, lng: longitude };
      }
    }
    return { failure: 'denied' };
  } catch (error) {
    logWarning('Telegram: location request failed', error);
    // After a refusal the manager says access was asked for and not given.
    return locationManager.isAccessRequested() && !locationManager.isAccessGranted()
      ? { failure: 'denied' }
      : { failure: 'unsupported' };
  }
}
