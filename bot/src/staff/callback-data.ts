// The staff buttons' callback data: short (Telegram allows 64 bytes), read strictly. Anything that
// is not exactly one of these shapes is refused politely, never guessed at.
//   m:<number>:<from>:<to>  move the order from the status the card showed to the next one
//   c:<number>:<from>       ask before cancelling (the card shows Yes / Back)
//   b:<number>              back from the question: the card's own buttons again
//   o:<number>              post the order's card (a button of /open)
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared';

export type StaffAction =
  | { kind: 'move'; number: string; from: OrderStatus; to: OrderStatus }
  | { kind: 'ask_cancel'; number: string; from: OrderStatus }
  | { kind: 'back'; number: string }
  | { kind: 'open'; number: string };

/** One letter per status; `cancelled` is x, `completed` f(inished). */
const STATUS_CODES: Readonly<Record<OrderStatus, string>> = {
  new: 'n',
  confirmed: 'c',
  assembling: 'a',
  ready_for_pickup: 'r',
  delivering: 'd',
  completed: 'f',
  cancelled: 'x',
};

function statusOf(code: string | undefined): OrderStatus | null {
  return ORDER_STATUSES.find((status) => STATUS_CODES[status] === code) ?? null;
}

/** Order numbers as the shop writes them (UY-001001); the rest of the data fits in 64 bytes. */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const MAX_CALLBACK_BYTES = 64;

export function encodeStaffAction(action: StaffAction): string {
  switch (action.kind) {
    case 'move':
      return `m:${action.number}:${STATUS_CODES[action.from]}:${STATUS_CODES[action.to]}`;
    case 'ask_cancel':
      return `c:${action.number}:${STATUS_CODES[action.from]}`;
    case 'back':
      return `b:${action.number}`;
    case 'open':
      return `o:${action.number}`;
  }
}

/** The action a button's data names, or null for anything else. */
export function decodeStaffAction(data: string): StaffAction | null {
  if (Buffer.byteLength(data, 'utf8') > MAX_CALLBACK_BYTES) return null;
  const [kind, number, first, second, ...extra] = data.split(':');
  if (extra.length > 0 || number === undefined || !ORDER_NUMBER_PATTERN.test(number)) return null;
  const from = statusOf(first);
  const to = statusOf(second);
  switch (kind) {
    case 'm':
      return from && to && from !== to ? { kind: 'move', number, from, to } : null;
    case 'c':
      return from && second === undefined ? { kind: 'ask_cancel', number, from } : null;
    case 'b':
      return first === undefined ? { kind: 'back', number } : null;
    case 'o':
      return first === undefined ? { kind: 'open', number } : null;
    default:
      return null;
  }
}
