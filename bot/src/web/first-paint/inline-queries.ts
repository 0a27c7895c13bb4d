// The answers a page was written from, carried in the page for the webapp's query cache: the
// app's first render needs no request for them.
import {
  FIRST_PAINT_QUERIES_ID,
  GUEST_ANSWER_ACCOUNT_TYPES,
  successfulQueryState,
} from '@shop/shared';
import { jsonForScript } from '../html-escape';

/** One answer for the webapp's query cache: its query key and the call's answer as sent. */
export interface InlineQuery {
  /** Strings, and for a listing page its filter object and page numbers (shared/first-paint). */
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * The answers a page was written from, as dehydrated TanStack Query state for the webapp's cache
 * (webapp/src/lib/first-paint reads and checks it). A JSON data block is never executed, so the
 * CSP needs no hash or nonce for it; jsonForScript keeps any text in it from ending the element.
 */
export function renderInlineQueries(queries: readonly InlineQuery[], fetchedAt: number): string {
  const state = {
    mutations: [],
    queries: queries.map(({ queryKey, data }) => ({
      queryKey,
      // TanStack's hashKey for a key of strings; the webapp hashes each key again as it reads it
      // (a listing's filter object, whose fields hashKey sorts).
      queryHash: JSON.stringify(queryKey),
      state: successfulQueryState(data, fetchedAt),
    })),
  };
  return `<script type="application/json" id="${FIRST_PAINT_QUERIES_ID}">${jsonForScript(state)}</script>`;
}

/**
 * One answer under the app's key for each account type a guest read stands for: the relay
 * answers a signed-in individual as it answered the guest.
 */
export function forGuests(keyOf: (accountType: string) => readonly unknown[], data: unknown) {
  return GUEST_ANSWER_ACCOUNT_TYPES.map((accountType) => ({ queryKey: keyOf(accountType), data }));
}
