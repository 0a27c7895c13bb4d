// The checkout stand-in's pages: small plain HTML, everything that comes from the link or the
// shop escaped.
import type { ServerResponse } from 'node:http';
import type { CheckoutParams } from './checkout-params';

const TITLE = 'Payme (test checkout)';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Tiyin as sum: "1 250 000" or "1 250 000.50". */
export function sumText(tiyin: number): string {
  const whole = String(Math.floor(tiyin / 100)).replace(/\B(?=(\d{3})+$)/g, ' ');
  const rest = tiyin % 100;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}

function page(body: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${TITLE}</title></head>`,
    `<body><h1>${TITLE}</h1>`,
    body,
    '</body></html>',
  ].join('\n');
}

export function sendPage(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The form's answer sends the shopper back to the shop (another origin): browsers apply
    // form-action to that redirect too, so the shop's http(s) address must be allowed.
    'content-security-policy': "default-src 'none'; form-action 'self' http: https:",
  });
  response.end(page(body));
}

/** The order, the amount and the two buttons; both post back to `action`. */
export function checkoutPage(params: CheckoutParams, action: string): string {
  return [
    `<p>Order <strong data-testid="order">${escapeHtml(params.orderNumber)}</strong></p>`,
    `<p>Amount <strong data-testid="amount">${escapeHtml(sumText(params.amount))} sum</strong></p>`,
    `<form method="post" action="${escapeHtml(action)}">`,
    '<button type="submit" name="action" value="pay">Pay</button>',
    '<button type="submit" name="action" value="cancel">Cancel</button>',
    '</form>',
  ].join('\n');
}

export function errorPage(message: string, returnUrl: string): string {
  return [
    `<p role="alert">${escapeHtml(message)}</p>`,
    `<p><a href="${escapeHtml(returnUrl)}">Back to the shop</a></p>`,
  ].join('\n');
}

export function badLinkPage(reason: string): string {
  return `<p role="alert">${escapeHtml(reason)}</p>`;
}
