// The held orders' store: one factory whose steps (hold, send with a lease, retry, cancel) share
// its closure, like the cart store's, and runs past 80 lines for the same reason: home's first
// load (bundle-budget.test.ts) has no room for the names a split would pass around.
import { HEADERS, type Language, type OrderResponse } from '@shop/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiError, isEarlierSendRunning, type ClientErrorCode } from '../api/api-error';
import { accountLimitRuleOf } from '../orders/account-limits';
import type { ApiClient } from '../api/client';
import { logWarning } from '../log';
import { writeJson, type KeyValueStorage } from '../storage/storage';
import { retryDelayMs } from './cart-sync';
import { HELD_ORDERS_STORAGE_KEY, readHeldOrders, type HeldOrder } from './held-order-storage';
import { browserWakeSignals } from './sync-retry';

export { HELD_ORDERS_STORAGE_KEY, readHeldOrders, type HeldOrder };

/**
 * How long a send another tab started keeps this tab from sending the same order: longer than a
 * call may take (the api client gives up after 20 s), so a tab closed mid-send frees it later.
 */
export const SEND_LEASE_MS = 60_000;

export interface SentHeldOrder {
  answer: OrderResponse;
  lang: Language;
}

export interface HeldOrdersState {
  orders: HeldOrder[];
  /** The order this tab has just sent, until the app has shown it (acknowledgeSent). */
  sent: SentHeldOrder | null;
}

export interface HeldOrdersActions {
  hold(order: Omit<HeldOrder, 'heldAt' | 'sendingSince' | 'refused' | 'refusedRule'>): void;
  /**
   * Takes a waiting order back; its lines are returned to put back in the cart. Null when it is
   * being sent right now (it may already be at the shop) or is gone.
   */
  cancel(idempotencyKey: string): HeldOrder | null;
  /** Sends what waits, now: at start, after sign-in, when the network is back. */
  flush(): Promise<void>;
  acknowledgeSent(): void;
  /** Re-reads local storage, e.g. when another tab sent or cancelled one. */
  reloadLocal(): void;
  /** Logout: the orders were the account's; nothing of them stays on the device. */
  forget(): void;
}

export type HeldOrdersStore = StoreApi<HeldOrdersState & HeldOrdersActions>;

export interface HeldOrdersDeps {
  storage: KeyValueStorage;
  api: () => ApiClient;
  /** The signed-in shopper's id; null when nobody is signed in. */
  currentUserId: () => number | null;
  now?: () => number;
  /** As the cart store's: the moments worth trying again at once (online, focus, visible). */
  onWake?: (retry: () => void) => () => void;
}

/**
 * Worth sending again later: no answer, a timeout, throttling, a server fault, or an earlier send
 * of the same order still running at the shop (409 `conflict`: its outcome is not known yet; the
 * next try gets its answer replayed).
 */
function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (isEarlierSendRunning(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function createHeldOrdersStore(deps: HeldOrdersDeps): HeldOrdersStore {
  const now = deps.now ?? Date.now;
  let running: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  // Bumped by forget(): a send under way for the old account must not write anything back.
  let epoch = 0;

  return createStore<HeldOrdersState & HeldOrdersActions>()((set, get) => {
    const read = () => readHeldOrders(deps.storage);
    const write = (orders: HeldOrder[]) => {
      if (orders.length === 0) deps.storage.removeItem(HELD_ORDERS_STORAGE_KEY);
      else writeJson(deps.storage, HELD_ORDERS_STORAGE_KEY, orders);
      set({ orders });
    };
    /** Changes one stored order, re-read first: another tab may have changed the others. */
    const update = (key: string, change: (order: HeldOrder) => HeldOrder | null) => {
      write(
        read().flatMap((order) => {
          if (order.idempotencyKey !== key) return [order];
          const next = change(order);
          return next ? [next] : [];
        }),
      );
    };

    const cancelRetry = () => {
      if (retryTimer === null) return;
      clearTimeout(retryTimer);
      retryTimer = null;
    };
    const scheduleRetry = (error: unknown) => {
      failures += 1;
      cancelRetry();
      const retryAfter = isApiError(error) ? error.retryAfter : undefined;
      retryTimer = setTimeout(
        () => {
          retryTimer = null;
          void get().flush();
        },
        retryDelayMs(failures, retryAfter),
      );
    };

    /** The next order of this shopper that nobody is sending and the shop has not refused. */
    const nextToSend = (userId: number): HeldOrder | undefined =>
      read().find(
        (order) =>
          order.userId === userId &&
          order.refused === null &&
          (order.sendingSince === null || now() - order.sendingSince >= SEND_LEASE_MS),
      );

    /** Sends the waiting orders one after another; stops at the first that cannot go yet. */
    const sendAll = async (round: number): Promise<void> => {
      for (;;) {
        const userId = deps.currentUserId();
        if (userId === null || round !== epoch) return;
        const order = nextToSend(userId);
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
          if (isRetryable(error)) {
            update(key, (o) => ({ ...o, sendingSince: null }));
            scheduleRetry(error);
          } else if (isApiError(error) && error.status === 401) {
            // The session ended: it waits for the same shopper's next sign-in (flush on login).
            update(key, (o) => ({ ...o, sendingSince: null }));
          } else {
            const code: ClientErrorCode = isApiError(error) ? error.code : 'internal_error';
            const rule = accountLimitRuleOf(error);
            update(key, (o) => ({ ...o, sendingSince: null, refused: code, refusedRule: rule }));
            continue;
          }
          return;
        }
        if (round !== epoch) return;
        failures = 0;
        update(key, () => null);
        set({ sent: { answer, lang: order.lang } });
      }
    };

    (deps.onWake ?? browserWakeSignals)(() => {
      if (read().length === 0) return;
      cancelRetry();
      void get().flush();
    });

    return {
      orders: read(),
      sent: null,

      hold(order) {
        const held: HeldOrder = {
          ...order,
          heldAt: now(),
          sendingSince: null,
          refused: null,
          refusedRule: null,
        };
        write([...read().filter((o) => o.idempotencyKey !== order.idempotencyKey), held]);
        cancelRetry();
        void get().flush();
      },

      cancel(idempotencyKey) {
        const order = read().find((o) => o.idempotencyKey === idempotencyKey);
        if (!order) {
          set({ orders: read() });
          return null;
        }
        if (order.sendingSince !== null && now() - order.sendingSince < SEND_LEASE_MS) return null;
        update(idempotencyKey, () => null);
        return order;
      },

      async flush() {
        if (running) return running;
        const round = epoch;
        running = sendAll(round).finally(() => {
          running = null;
        });
        return running;
      },

      acknowledgeSent() {
        set({ sent: null });
      },

      reloadLocal() {
        set({ orders: read() });
      },

      forget() {
        epoch += 1;
        failures = 0;
        cancelRetry();
        deps.storage.removeItem(HELD_ORDERS_STORAGE_KEY);
        set({ orders: [], sent: null });
      },
    };
  });
}
