// Whether a call comes from Click for our service: signed with our secret key, for our
// service_id. The secret is per service, so a call naming another service cannot carry a
// signature of ours: it is refused as a failed sign check, as a wrong signature is.
import { timingSafeEqual } from 'node:crypto';
import { clickSignString } from '../click-protocol';
import type { ClickCallback } from './click-callback';

export interface ClickService {
  serviceId: string;
  secretKey: string;
}

export function isSignedForUs(callback: ClickCallback, service: ClickService): boolean {
  const expected = Buffer.from(clickSignString(callback, service.secretKey), 'utf8');
  const given = Buffer.from(callback.signString, 'utf8');
  // Both are 32 hex digits (the reader refuses any other sign_string): equal lengths.
  const signed = expected.length === given.length && timingSafeEqual(expected, given);
  return signed && callback.serviceId === service.serviceId;
}
