import type { GeoLocation } from '@shop/shared';
import { requestTelegramLocation } from '../../lib/telegram';

/** Why no point came back, in words the field can explain. */
export type LocateFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

const BROWSER_TIMEOUT_MS = 15_000;

function browserLocation(): Promise<GeoLocation | { failure: LocateFailure }> {
  // Secure contexts only (https, localhost); elsewhere the API is missing altogether.
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve({ failure: 'unsupported' });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        resolve({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        resolve({
          failure:
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
        });
      },
      { enableHighAccuracy: true, timeout: BROWSER_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/**
 * The device's position: inside Telegram through its location manager when the client has one
 * (a webview may have no browser geolocation at all), else, or when it has none, the browser's.
 */
export async function locateDevice(
  inTelegram: boolean,
): Promise<GeoLocation | { failure: LocateFailure }> {
  if (inTelegram) {
    const answer = await requestTelegramLocation();
    if (!('failure' in answer)) return answer;
    if (answer.failure === 'denied') return { failure: 'denied' };
  }
  return browserLocation();
}
