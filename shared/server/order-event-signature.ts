// Signing and checking order-event deliveries (the scheme is described beside
// ORDER_EVENT_HEADERS in contracts/order-events.ts). Node only: the webapp never imports this.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ORDER_EVENT_HEADERS, ORDER_EVENT_MAX_SKEW_SECONDS } from '../src/contracts/order-events';

function signatureOf(secret: string, timestamp: string, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** The headers that go with `rawBody` when it is sent at `nowMs`. */
export function signOrderEvents(
  secret: string,
  rawBody: string,
  nowMs: number = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [ORDER_EVENT_HEADERS.timestamp]: timestamp,
    [ORDER_EVENT_HEADERS.signature]: signatureOf(secret, timestamp, rawBody),
  };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' };

/** Whether a delivery's headers sign `rawBody` with `secret`, within the allowed clock skew. */
export function checkOrderEventsSignature(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  nowMs: number = Date.now(),
): SignatureCheck {
  const timestamp = headers[ORDER_EVENT_HEADERS.timestamp];
  const signature = headers[ORDER_EVENT_HEADERS.signature];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') {
    return { ok: false, reason: 'missing' };
  }
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > ORDER_EVENT_MAX_SKEW_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
