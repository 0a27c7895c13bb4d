// Column values read back into the notifier's own types.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type OrderEvent } from '@shop/shared';

/** A stored language; anything that is not one reads as the default language. */
export function asLanguage(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** An event's `payload` (jsonb): parsed already, or as text should the driver leave it so. */
export function storedEvent(payload: unknown): OrderEvent {
  return (typeof payload === 'string' ? JSON.parse(payload) : payload) as OrderEvent;
}
