import {
  isLanguage,
  parseStoredCart,
  type CartItem,
  type CreateOrderRequest,
  type Language,
} from '@shop/shared';
import type { ClientErrorCode } from '../api/api-error';
import { isAccountLimitRule, type AccountLimitRule } from '../orders/account-limits';
import { readJson, type KeyValueStorage } from '../storage/storage';
import { isRecord } from '../utils/is-record';

/**
 * Orders placed while offline, kept in local storage so a reload or a closed app
 * keeps them, until they are sent or the shopper cancels them.
 */
export const HELD_ORDERS_STORAGE_KEY = 'heldOrders';

export interface HeldOrder {
  /** The order's Idempotency-Key, from the checkout attempt: every send repeats it. */
  idempotencyKey: string;
  /** Whose order it is: sent only with that shopper's session. */
  userId: number;
  /** The language it was placed in (the confirmation and the order's texts). */
  lang: Language;
  body: CreateOrderRequest;
  /** The cart lines it was made of: shown while it waits, and back into the cart on cancel. */
  lines: CartItem[];
  heldAt: number;
  /** When a tab started sending it; null while nobody is. */
  sendingSince: number | null;
  /** The shop refused it (stock, delivery rules): never sent again; the shopper takes it back. */
  refused: ClientErrorCode | null;
  /** The account limit it was refused for, when that was the reason: the shopper reads which. */
  refusedRule: AccountLimitRule | null;
}

const isStamp = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * One stored entry, or null when it is not one. Checked by hand rather than with the order
 * schema, which would bring the whole checkout's rules into the first load; the server judges the
 * body when it arrives, and a refusal is shown like any other.
 */
function parseHeldOrder(value: unknown): HeldOrder | null {
  if (!isRecord(value)) return null;
  const { idempotencyKey, userId, lang, body, lines, heldAt, sendingSince, refused, refusedRule } =
    value;
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length < 16) return null;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) return null;
  if (typeof lang !== 'string' || !isLanguage(lang)) return null;
  if (!isRecord(body) || !Array.isArray(body.items) || body.items.length === 0) return null;
  if (!isStamp(heldAt)) return null;
  const cartLines = parseStoredCart(lines);
  if (cartLines.length === 0) return null;
  return {
    idempotencyKey,
    userId,
    lang,
    body: body as unknown as CreateOrderRequest,
    lines: cartLines,
    heldAt,
    sendingSince: isStamp(sendingSince) ? sendingSince : null,
    refused: typeof refused === 'string' ? (refused as ClientErrorCode) : null,
    refusedRule:
      typeof refused === 'string' && isAccountLimitRule(refusedRule) ? refusedRule : null,
  };
}

/** What local storage holds; anything unreadable is dropped, never a crash. */
export function readHeldOrders(storage: KeyValueStorage): HeldOrder[] {
  const stored = readJson(storage, HELD_ORDERS_STORAGE_KEY);
  if (!Array.isArray(stored)) return [];
  const orders: HeldOrder[] = [];
  for (const entry of stored) {
    const order = parseHeldOrder(entry);
    if (order && !orders.some((o) => o.idempotencyKey === order.idempotencyKey)) orders.push(order);
  }
  return orders;
}
