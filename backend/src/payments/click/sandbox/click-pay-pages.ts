// The pay stand-in's pages: plain HTML, every value escaped (the order number and the return
// address come from the link, so from anyone).
import type { ServerResponse } from 'node:http';
import { clickAmount } from '@shop/shared';
import type { PayLinkOwner, PayRequest } from './click-pay-request';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body>
<h1>Click (test)</h1>
${body}
</body>
</html>
`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The sum as the page shows it: "38400.00 so'm". */
export function shownAmount(tiyin: number): string {
  return `${clickAmount(tiyin / 100)} so'm`;
}

/** The page of a link: the order, the amount, and Pay or Cancel (the form posts the link back). */
export function payPage(request: PayRequest, owner: PayLinkOwner): string {
  const fields = [
    hidden('service_id', owner.serviceId),
    hidden('merchant_id', owner.merchantId),
    hidden('amount', clickAmount(request.amount / 100)),
    hidden('transaction_param', request.orderNumber),
    ...(request.returnUrl === null ? [] : [hidden('return_url', request.returnUrl)]),
  ];
  return page(
    'Click (test): pay',
    `<p>Order: <strong id="order">${escapeHtml(request.orderNumber)}</strong></p>
<p>Amount: <strong id="amount">${escapeHtml(shownAmount(request.amount))}</strong></p>
<form method="post" action="/services/pay">
${fields.join('\n')}
<button type="submit" name="choice" value="pay">Pay</button>
<button type="submit" name="choice" value="cancel">Cancel</button>
</form>`,
  );
}

/** A page that says what happened, with the way back to the shop when there is one. */
export function messagePage(
  title: string,
  lines: readonly string[],
  returnUrl: string | null,
): string {
  const back =
    returnUrl === null ? '' : `\n<p><a href="${escapeHtml(returnUrl)}">Back to the shop</a></p>`;
  const text = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return page(`Click (test): ${title}`, `<h2>${escapeHtml(title)}</h2>\n${text}${back}`);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'",
  });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' });
  response.end();
}
