import type { OrderingMessages } from './ordering/en';
import type { ShopMessages } from './shop/en';

/**
 * A language's texts come in parts, each a chunk of its own (../i18n.ts): `shop` with the language,
 * before its first page; `ordering` with the first page of sign-in, account, checkout, payment or
 * orders, so home's first load does not carry them (build/bundle-budget.test.ts).
 */
export interface MessageParts {
  shop: ShopMessages;
  ordering: OrderingMessages;
}

export type TextPart = keyof MessageParts;

/** Every key the app may ask for, whichever part it is in. */
export type Messages = ShopMessages & OrderingMessages;

export type { OrderingMessages, ShopMessages };
