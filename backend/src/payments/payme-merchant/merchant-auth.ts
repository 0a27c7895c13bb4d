// Payme signs every call with Basic authorization: login `Paycom`, password the cashbox key.
// The whole credential is compared as a digest in constant time, so neither its content nor its
// length leaks through timing.
import { createHash, timingSafeEqual } from 'node:crypto';

export const PAYME_LOGIN = 'Paycom';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The Authorization header value Payme sends for `key`. */
export function paymeAuthorization(key: string): string {
  return `Basic ${Buffer.from(`${PAYME_LOGIN}:${key}`, 'utf8').toString('base64')}`;
}

/** A checker of Authorization headers against the cashbox `key`. */
export function basicAuthCheck(key: string): (header: string | undefined) => boolean {
  const expected = digest(`${PAYME_LOGIN}:${key}`);
  return (header) => {
    const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header?.trim() ?? '');
    if (!match?.[1]) return false;
    const credentials = Buffer.from(match[1], 'base64').toString('utf8');
    return timingSafeEqual(digest(credentials), expected);
  };
}
