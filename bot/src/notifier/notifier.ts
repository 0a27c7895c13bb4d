// The notifier as the server uses it: its store, where events come in, and the sender.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPrepaid, orderEventId, type Order, type OrderEvent } from '@shop/shared';
import type { Api } from 'grammy';
import { createSender, type Sender, type SenderLogger, type SenderOptions } from './sender';
import { openNotifierStore, type NotifierStore } from './store';

export interface Notifier {
  readonly store: NotifierStore;
  /** The HMAC key of `POST /tg/order-events`; null: nothing may push events here. */
  readonly secret: string | null;
  /** Stores events (once each by id) and wakes the sender when any was new. */
  record(events: readonly OrderEvent[]): Promise<string[]>;
  /**
   * "Order placed" from an order answer the relay gave the signed-in shopper, and "payment
   * received" too when the answer shows a card order paid.
   */
  recordPlaced(order: Order, userId: number): Promise<void>;
  /** Wakes the sender: events were stored (by the route). */
  wake(): void;
  /** Starts the sender (when there is a bot to send with). */
  start(logger: SenderLogger): void;
  stop(): Promise<void>;
}

export interface NotifierOptions {
  store: NotifierStore;
  secret: string | null;
  /** null: no bot token; events and sends are stored and go out once a bot is configured. */
  api: Api | null;
  publicUrl: string;
  now?: () => Date;
  sender?: Omit<SenderOptions, 'store' | 'api' | 'publicUrl' | 'logger' | 'now'>;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { store, api } = options;
  const now = options.now ?? (() => new Date());
  // Made at start, with the server's logger (the server is built after the notifier).
  let sender: Sender | null = null;

  async function record(events: readonly OrderEvent[]): Promise<string[]> {
    const fresh = await store.recordEvents(events, now());
    if (fresh.length > 0) sender?.wake();
    return fresh;
  }

  return {
    store,
    secret: options.secret,
    record,
    async recordPlaced(order, userId) {
      const at = now().toISOString();
      const events: OrderEvent[] = [
        {
          id: orderEventId(order.number, { type: 'order_placed' }),
          type: 'order_placed',
          at,
          user_id: userId,
          order,
        },
      ];
      // The paid answer is the earliest word of a payment, and the only one from a backend that
      // is polled; the backend's own event (another attempt id) makes no second message, as a
      // chat gets one paid confirmation per order.
      if (isPrepaid(order.payment_type) && order.payment_status === 'paid') {
        events.push({
          id: orderEventId(order.number, { type: 'payment_received', attempt: 'answer' }),
          type: 'payment_received',
          at,
          user_id: userId,
          order,
        });
      }
      await record(events);
    },
    wake: () => sender?.wake(),
    start(logger) {
      if (!api || sender) return;
      sender = createSender({
        ...options.sender,
        store,
        api,
        publicUrl: options.publicUrl,
        logger,
        now,
      });
      sender.start();
    },
    stop: async () => {
      await sender?.stop();
    },
  };
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/**
 * The order-events secret of a data directory for embedded mode: generated once (256 random
 * bits), kept in `${dir}/order-events-secret` readable by the owner only.
 */
export async function loadOrCreateOrderEventsSecret(dir: string): Promise<string> {
  const file = join(dir, 'order-events-secret');
  await mkdir(dir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 16) throw new Error(`${file} holds no usable secret; delete it`);
  return secret;
}

/** Where the notifier keeps its secret (and, when it has one of its own, its PGlite) in DATA_DIR. */
export function notifierDir(dataDir: string): string {
  return join(dataDir, 'notifier');
}

/** The notifier's own PGlite: only with the backends elsewhere and no DATABASE_URL. */
export function notifierPgliteDir(dataDir: string): string {
  return join(notifierDir(dataDir), 'pglite');
}

export { openNotifierStore };
