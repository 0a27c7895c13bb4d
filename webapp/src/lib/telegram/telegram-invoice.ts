// Telegram's payment sheet through the client's own events (`web_app_open_invoice`, answered by
// `invoice_closed`): a few lines in the SDK chunk (telegram.ts re-exports them), where the SDK's
// own openInvoice would add far more for a page few shoppers open. Reached from outside through
// telegram-loader's telegramSdk().
import { isTMA, on, postEvent, retrieveLaunchParams, supports } from '@telegram-apps/sdk-react';

/** Whether this client can open a payment sheet at all (asked before the server makes one). */
export function telegramInvoiceAvailable(): boolean {
  try {
    return isTMA() && supports('web_app_open_invoice', retrieveLaunchParams().tgWebAppVersion);
  } catch {
    return false;
  }
}

/** The invoice's slug in a link `createInvoiceLink` made (`t.me/$<slug>` or `t.me/invoice/<slug>`). */
export function invoiceSlug(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.hostname !== 't.me') return null;
  const match = /^\/(?:\$|invoice\/)([^/]+)$/.exec(url.pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Opens the invoice `link` in Telegram's sheet; resolves with how the client says it closed. */
export function openTelegramInvoice(link: string): Promise<string> {
  const slug = invoiceSlug(link);
  if (slug === null) return Promise.resolve('failed');
  return new Promise((resolve) => {
    const stop = on('invoice_closed', (closed) => {
      if (closed.slug !== slug) return;
      stop();
      resolve(closed.status);
    });
    postEvent('web_app_open_invoice', { slug });
  });
}
