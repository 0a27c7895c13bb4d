// The sandbox's checkout page, standing in for checkout.paycom.uz: `GET /<base64 params>` shows
// the order and its amount with Pay and Cancel; Pay calls the shop's Merchant API as Payme does
// (check, create, perform) and sends the shopper back to the link's return URL, or shows the
// shop's refusal in the shopper's language; Cancel goes back without paying.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCappedBody } from '../../http/stand-in-io';
import { badLinkPage, checkoutPage, errorPage, sendPage } from './checkout-pages';
import { readCheckoutParams } from './checkout-params';
import type { MerchantCaller } from './merchant-calls';

const MAX_FORM_BYTES = 1024;

export interface CheckoutDeps {
  /** The cashbox the sandbox plays: links for another merchant are refused. */
  merchantId: string;
  caller: MerchantCaller;
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' });
  response.end();
}

async function formAction(request: IncomingMessage): Promise<string | null> {
  const body = await readCappedBody(request, MAX_FORM_BYTES);
  if (body === null) return null;
  return new URLSearchParams(body).get('action');
}

export function createCheckoutHandler(deps: CheckoutDeps) {
  return async function checkout(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    const params = readCheckoutParams(path);
    if (params === null) {
      sendPage(response, 400, badLinkPage('This checkout link is not valid.'));
      return;
    }
    if (params.merchantId !== deps.merchantId) {
      sendPage(response, 400, badLinkPage('No such merchant.'));
      return;
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      sendPage(response, 200, checkoutPage(params, path));
      return;
    }
    if (request.method !== 'POST') {
      sendPage(response, 405, badLinkPage('Only GET and POST are accepted.'));
      return;
    }
    const action = await formAction(request);
    if (action === 'cancel') {
      redirect(response, params.returnUrl);
      return;
    }
    if (action !== 'pay') {
      sendPage(response, 400, badLinkPage('Press Pay or Cancel.'));
      return;
    }
    const answer = await deps.caller.pay(params.orderNumber, params.amount, params.lang);
    if (answer.ok) redirect(response, params.returnUrl);
    else sendPage(response, 200, errorPage(answer.message, params.returnUrl));
  };
}
