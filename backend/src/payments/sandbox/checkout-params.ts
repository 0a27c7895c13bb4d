// The parameters of a Payme checkout link, read back as checkout.paycom.uz reads them: the path
// is the base64 of `m=<merchant>;ac.order_id=<order>;a=<tiyin>;l=<lang>;c=<return url>`.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shop/shared';

export interface CheckoutParams {
  merchantId: string;
  orderNumber: string;
  /** Tiyin. */
  amount: number;
  lang: Language;
  /** Where the shopper goes back to (http or https). */
  returnUrl: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_PATH_LENGTH = 2048;

function decodedPath(path: string): string | null {
  if (path.length > MAX_PATH_LENGTH) return null;
  let encoded: string;
  try {
    encoded = decodeURIComponent(path.replace(/^\/+/, '').replace(/\/+$/, ''));
  } catch {
    return null;
  }
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return null;
  }
}

function fields(text: string): Map<string, string> | null {
  const map = new Map<string, string>();
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0 || map.has(pair.slice(0, at))) return null;
    map.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return map;
}

function httpUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The link's parameters from the request path (`/<base64>`), or null when they are malformed. */
export function readCheckoutParams(path: string): CheckoutParams | null {
  const text = decodedPath(path);
  if (text === null) return null;
  const map = fields(text);
  if (map === null) return null;
  const merchantId = map.get('m');
  const orderNumber = map.get('ac.order_id');
  const amountText = map.get('a') ?? '';
  const lang = map.get('l') ?? DEFAULT_LANGUAGE;
  const returnUrl = httpUrl(map.get('c'));
  const amount = /^[1-9]\d{0,15}$/.test(amountText) ? Number(amountText) : NaN;
  if (!merchantId || !orderNumber || !Number.isSafeInteger(amount)) return null;
  if (!isLanguage(lang) || returnUrl === null) return null;
  return { merchantId, orderNumber, amount, lang, returnUrl };
}
