// The held orders' store: orders placed offline, kept on the device until they are sent or
// cancelled. How they are sent (with a lease, retried) is held-order-sending.ts's.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { writeJson, type KeyValueStorage } from '../storage/storage';
import {
  createHeldOrderSender,
  isBeingSent,
  SEND_LEASE_MS,
  type HeldOrderSendDeps,
  type SentHeldOrder,
} from './held-order-sending';
import { HELD_ORDERS_STORAGE_KEY, readHeldOrders, type HeldOrder } from './held-order-storage';
import { browserWakeSignals } from './sync-retry';

export {
  HELD_ORDERS_STORAGE_KEY,
  readHeldOrders,
  SEND_LEASE_MS,
  type HeldOrder,
  type SentHeldOrder,
};

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

export interface HeldOrdersDeps extends HeldOrderSendDeps {
  storage: KeyValueStorage;
  /** As the cart store's: the moments worth trying again at once (online, focus, visible). */
  onWake?: (retry: () => void) => () => void;
}

export function createHeldOrdersStore(deps: HeldOrdersDeps): HeldOrdersStore {
  const now = deps.now ?? Date.now;

  return createStore<HeldOrdersState & HeldOrdersActions>()((set) => {
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
    const [flush, cancelRetry, forgetSends] = createHeldOrderSender(deps, read, update, (sent) => {
      set({ sent });
    });

    (deps.onWake ?? browserWakeSignals)(() => {
      if (read().length === 0) return;
      cancelRetry();
      void flush();
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
        void flush();
      },

      cancel(idempotencyKey) {
        const order = read().find((o) => o.idempotencyKey === idempotencyKey);
        if (!order) {
          set({ orders: read() });
          return null;
        }
        if (isBeingSent(order, now())) return null;
        update(idempotencyKey, () => null);
        return order;
      },

      flush,

      acknowledgeSent() {
        set({ sent: null });
      },

      reloadLocal() {
        set({ orders: read() });
      },

      forget() {
        forgetSends();
        deps.storage.removeItem(HELD_ORDERS_STORAGE_KEY);
        set({ orders: [], sent: null });
      },
    };
  });
}
