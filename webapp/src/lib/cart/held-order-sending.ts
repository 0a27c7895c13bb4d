import { HEADERS, type Language, type OrderResponse } from '@shop/shared';
import { isApiError, isEarlierSendRunning, type ClientErrorCode } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { logWarning } from '../log';
import { accountLimitRuleOf } from '../orders/account-limits';
import type { HeldOrder } from './held-order-storage';
import { createRetryTimer, isRetryable as isSyncRetryable } from './sync-retry';

/**
 * How long a send another tab started keeps this tab from sending the same order: longer than a
 * call may take (the api client gives up after 20 s), so a tab closed mid-send frees it later.
 */
export const SEND_LEASE_MS = 60_000;

export interface SentHeldOrder {
  answer: OrderResponse;
  lang: Language;
}

export interface HeldOrderSendDeps {
  api: () => ApiClient;
  /** The signed-in shopper's id; null when nobody is signed in. */
  currentUserId: () => number | null;
  now?: () => number;
}

/** A tab started sending it less than a lease ago, and may still be at it. */
export function isBeingSent(order: HeldOrder, now: number): boolean {
  return order.sendingSince !== null && now - order.sendingSince < SEND_LEASE_MS;
}

/** The next order of this shopper that nobody is sending and the shop has not refused. */
export function nextToSend(
  orders: HeldOrder[],
  userId: number,
  now: () => number,
): HeldOrder | undefined {
  return orders.find(
    (order) => order.userId === userId && order.refused === null && !isBeingSent(order, now()),
  );
}

/**
 * Worth sending again later: no answer, a timeout, throttling, a server fault, or an earlier send
 * of the same order still running at the shop (409 `conflict`: its outcome is not known yet; the
 * next try gets its answer replayed).
 */
function isRetryable(error: unknown): boolean {
  return isEarlierSendRunning(error) || isSyncRetryable(error);
}

/**
 * The held orders' sending, one round at a time. A tuple rather than an object, as the cart
 * store's parts: minified, its parts' names cost home's first load nothing.
 */
export type HeldOrderSender = readonly [
  /** Sends what waits, now: a flush while a round runs joins that round. */
  flush: () => Promise<void>,
  /** Drops the waiting retry, for a flush that must not wait for it. */
  cancelRetry: () => void,
  /** Logout: a send under way for the old account must not write anything back. */
  forget: () => void,
];

/**
 * `read` gives the stored orders, `update` changes one by its key (null drops it), `onSent`
 * takes each order the shop accepted.
 */
export function createHeldOrderSender(
  deps: HeldOrderSendDeps,
  read: () => HeldOrder[],
  update: (key: string, change: (order: HeldOrder) => HeldOrder | null) => void,
  onSent: (sent: SentHeldOrder) => void,
): HeldOrderSender {
  const now = deps.now ?? Date.now;
  let running: Promise<void> | null = null;
  // Bumped by forget(): a send under way for the old account must not write anything back.
  let epoch = 0;
  const [scheduleRetry, cancelRetry, , retrySucceeded] = createRetryTimer(() => {
    void flush();
  });

  /** Sends the waiting orders one after another; stops at the first that cannot go yet. */
  const sendAll = async (round: number): Promise<void> => {
    for (;;) {
      const userId = deps.currentUserId();
      if (userId === null || round !== epoch) return;
      const order = nextToSend(read(), userId, now);
      if (!order) return;
      const key = order.idempotencyKey;
      update(key, (o) => ({ ...o, sendingSince: now() }));
      let answer: OrderResponse;
      try {
        answer = await deps.api().call('createOrder', {
          body: order.body,
          headers: { [HEADERS.idempotencyKey]: key },
        });
      } catch (error) {
        if (round !== epoch) return;
        logWarning('Sending a held order failed', error);
        const retryable = isRetryable(error);
        // Not worth trying again, and not an ended session (a 401: the order waits for the same
        // shopper's next sign-in, flush on login): the shop refused it.
        const refused = !retryable && !(isApiError(error) && error.status === 401);
        const code: ClientErrorCode = isApiError(error) ? error.code : 'internal_error';
        const refusal = refused ? { refused: code, refusedRule: accountLimitRuleOf(error) } : {};
        update(key, (o) => ({ ...o, sendingSince: null, ...refusal }));
        if (refused) continue;
        if (retryable) scheduleRetry(error);
        return;
      }
      if (round !== epoch) return;
      retrySucceeded();
      update(key, () => null);
      onSent({ answer, lang: order.lang });
    }
  };

  async function flush(): Promise<void> {
    if (running) return running;
    const round = epoch;
    running = sendAll(round).finally(() => {
      running = null;
    });
    return running;
  }

  const forget = () => {
    epoch += 1;
    retrySucceeded();
    cancelRetry();
  };
  return [flush, cancelRetry, forget];
}
