// The pay stand-in's pages: GET /services/pay shows a link's order and amount with Pay and
// Cancel; the form posts back to POST /services/pay, where Pay plays Click against the shop and
// Cancel goes back. An ill-formed link or form gets a 400 page and nothing is paid.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { payAtShop, type PayFlowDeps } from './click-pay-flow';
import { messagePage, payPage, redirect, sendHtml, shownAmount } from './click-pay-pages';
import { readPayRequest, type PayLinkOwner } from './click-pay-request';

const FORM_BODY_LIMIT = 16 * 1024;

async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > FORM_BODY_LIMIT) return null;
    chunks.push(bytes);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function createPayPageHandler(owner: PayLinkOwner, flow: PayFlowDeps) {
  async function choose(response: ServerResponse, form: URLSearchParams): Promise<void> {
    const read = readPayRequest(form, owner);
    const choice = form.getAll('choice');
    if (!read.ok || choice.length !== 1 || !['pay', 'cancel'].includes(choice[0] ?? '')) {
      sendHtml(
        response,
        400,
        messagePage('Bad request', [read.ok ? 'Choose Pay or Cancel.' : read.problem], null),
      );
      return;
    }
    const { request } = read;
    if (choice[0] === 'cancel') {
      if (request.returnUrl !== null) redirect(response, request.returnUrl);
      else sendHtml(response, 200, messagePage('Cancelled', ['Nothing was paid.'], null));
      return;
    }
    const outcome = await payAtShop(flow, request);
    if (outcome.ok) {
      if (request.returnUrl !== null) redirect(response, request.returnUrl);
      else
        sendHtml(
          response,
          200,
          messagePage('Paid', [`${shownAmount(request.amount)} paid.`], null),
        );
      return;
    }
    const lines = [
      `Order ${request.orderNumber}: the payment did not go through.`,
      outcome.why,
      ...(outcome.step === 'complete' ? ['The money goes back to the card.'] : []),
    ];
    sendHtml(response, 200, messagePage('Payment failed', lines, request.returnUrl));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = `${request.method ?? ''} ${url.pathname}`;
    if (route === 'GET /services/pay') {
      const read = readPayRequest(url.searchParams, owner);
      if (read.ok) sendHtml(response, 200, payPage(read.request, owner));
      else sendHtml(response, 400, messagePage('Bad request', [read.problem], null));
    } else if (route === 'POST /services/pay') {
      const form = await readForm(request);
      if (form === null)
        sendHtml(response, 413, messagePage('Too large', ['The form is too large.'], null));
      else await choose(response, form);
    } else if (route === 'GET /') {
      sendHtml(response, 200, messagePage('Ready', ['The Click pay stand-in is running.'], null));
    } else {
      sendHtml(response, 404, messagePage('Not found', ['No such page.'], null));
    }
  }

  return handle;
}
