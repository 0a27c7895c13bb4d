// An order as Telegram's invoice: its lines and delivery as the prices (in tiyin, summing to the
// order's total), a title and description within Telegram's limits, the order number as payload.
import { SHOP_NAME, orderItemNaming, toTiyin, type Language, type Order } from '@shop/shared';
import type { LabeledPrice } from 'grammy/types';
import { DELIVERY_LABEL } from './payment-texts';

/** Telegram's limits on an invoice's texts. */
const TITLE_MAX = 32;
const DESCRIPTION_MAX = 255;
const LABEL_MAX = 64;

export interface InvoiceParams {
  title: string;
  description: string;
  payload: string;
  currency: 'UZS';
  prices: LabeledPrice[];
  photoUrl: string | null;
}

/**
 * `text` cut to `max` UTF-16 units (the stricter count; never half of a surrogate pair), marked
 * with an ellipsis when cut.
 */
function within(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The first line's picture as an absolute http(s) address Telegram can fetch; null without one. */
function photoOf(order: Order, publicUrl: string): string | null {
  const image = order.items[0]?.img_url;
  if (!image) return null;
  try {
    const url = new URL(image, publicUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The prices do not add up to what the order costs: no invoice may ask for another sum. */
export class InvoiceSumError extends Error {
  constructor(
    readonly pricesTiyin: number,
    readonly totalTiyin: number,
  ) {
    super(`The invoice's prices sum to ${pricesTiyin} tiyin, the order's total is ${totalTiyin}`);
    this.name = 'InvoiceSumError';
  }
}

export function invoiceOf(order: Order, lang: Language, publicUrl: string): InvoiceParams {
  const lines = order.items.map((item) => {
    const naming = orderItemNaming(item, lang);
    const variant = naming.attributes.map((attribute) => attribute.value).join(', ');
    const name = variant === '' ? naming.name : `${naming.name} (${variant})`;
    return { text: `${name} × ${item.quantity}`, amount: toTiyin(item.total) };
  });
  const prices: LabeledPrice[] = lines.map((line) => ({
    label: within(line.text, LABEL_MAX),
    amount: line.amount,
  }));
  if (order.delivery_price > 0) {
    prices.push({ label: DELIVERY_LABEL[lang], amount: toTiyin(order.delivery_price) });
  }
  const sum = prices.reduce((total, price) => total + price.amount, 0);
  const total = toTiyin(order.total);
  if (sum !== total) throw new InvoiceSumError(sum, total);
  return {
    title: within(`${SHOP_NAME} №${order.number}`, TITLE_MAX),
    description: within(lines.map((line) => line.text).join('\n'), DESCRIPTION_MAX),
    payload: order.number,
    currency: 'UZS',
    prices,
    photoUrl: photoOf(order, publicUrl),
  };
}
