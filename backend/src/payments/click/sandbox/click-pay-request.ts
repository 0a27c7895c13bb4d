// What the pay-by-link page is asked for: Click's link parameters (service_id, merchant_id,
// amount in sum, transaction_param = the order's number, return_url), checked as Click checks a
// link before showing it. The page's own form posts the same fields back with the choice made.
import { clickAmountTiyin } from '../click-protocol';

export interface PayRequest {
  orderNumber: string;
  /** Tiyin. */
  amount: number;
  /** Where the shopper goes afterwards; null when the link names none. */
  returnUrl: string | null;
}

export interface PayLinkOwner {
  serviceId: string;
  merchantId: string;
}

export type ReadPayRequest = { ok: true; request: PayRequest } | { ok: false; problem: string };

const CONTROL_CHARACTER = /\p{Cc}/u;
const MAX_ORDER_NUMBER_LENGTH = 100;
const MAX_RETURN_URL_LENGTH = 2000;

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

/** Only a web page can be returned to: no javascript: or data: address rides on the redirect. */
function webAddress(text: string): string | null {
  if (text.length > MAX_RETURN_URL_LENGTH || CONTROL_CHARACTER.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function readPayRequest(params: URLSearchParams, owner: PayLinkOwner): ReadPayRequest {
  const serviceId = single(params, 'service_id');
  const merchantId = single(params, 'merchant_id');
  const amount = single(params, 'amount');
  const orderNumber = single(params, 'transaction_param');
  const returnUrls = params.getAll('return_url');
  if (serviceId !== owner.serviceId) return { ok: false, problem: 'Unknown service (service_id).' };
  if (merchantId !== owner.merchantId)
    return { ok: false, problem: 'Unknown merchant (merchant_id).' };
  const tiyin = amount === undefined ? null : clickAmountTiyin(amount);
  if (tiyin === null || tiyin <= 0) {
    return { ok: false, problem: 'The amount must be a positive sum, such as 38400.00.' };
  }
  if (
    orderNumber === undefined ||
    orderNumber.length === 0 ||
    orderNumber.length > MAX_ORDER_NUMBER_LENGTH ||
    CONTROL_CHARACTER.test(orderNumber)
  ) {
    return { ok: false, problem: 'The payment needs its order (transaction_param).' };
  }
  if (returnUrls.length > 1) return { ok: false, problem: 'Give one return_url.' };
  const [returnUrl] = returnUrls;
  const goBack = returnUrl === undefined || returnUrl === '' ? null : webAddress(returnUrl);
  if (returnUrl !== undefined && returnUrl !== '' && goBack === null) {
    return { ok: false, problem: 'return_url must be an http or https address.' };
  }
  return { ok: true, request: { orderNumber, amount: tiyin, returnUrl: goBack } };
}
