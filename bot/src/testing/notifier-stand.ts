// Test support for the notifier: one way to make a test notifier (sending through the Bot API
// stand-in with short waits) and the bare order-events server one notifier instance runs. Light
// on imports: the durability test's child process loads it (startNotifierStand, the relay stand
// with a notifier, is in relay-stand.ts).
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandler } from '../errors';
import { createNotifier, type Notifier, type NotifierOptions } from '../notifier/notifier';
import { registerOrderEvents } from '../notifier/order-events-route';
import { createNotifierApi } from '../notifier/sender';
import type { NotifierStore } from '../notifier/store';

/** The token the Bot API stand-in is started with in the notifier's tests. */
export const TEST_BOT_TOKEN = '7000000001:AAFakeTokenForTestsOnly_abcdefghijk';
export const TEST_PUBLIC_URL = 'https://shop.example.uz';
export const QUIET_LOGGER = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export interface TestNotifierOptions {
  store: NotifierStore;
  /** The Bot API stand-in's root; null: a notifier without a bot, which only stores. */
  apiRoot: string | null;
  secret?: string | null;
  token?: string;
  publicUrl?: string;
  /** Sender settings; polls every 50 ms and backs off 50 ms unless given. */
  sender?: NotifierOptions['sender'];
  /** The notifier's clock. */
  now?: () => Date;
}

/** A notifier as the server makes one, with short waits; not started. */
export function testNotifier(options: TestNotifierOptions): Notifier {
  return createNotifier({
    store: options.store,
    secret: options.secret ?? null,
    api:
      options.apiRoot === null
        ? null
        : createNotifierApi(options.token ?? TEST_BOT_TOKEN, options.apiRoot),
    publicUrl: options.publicUrl ?? TEST_PUBLIC_URL,
    sender: { pollIntervalMs: 50, backoffMs: 50, ...options.sender },
    ...(options.now ? { now: options.now } : {}),
  });
}

/**
 * A server with nothing but `POST /tg/order-events`, storing into the notifier's store and waking
 * its sender: what one notifier instance runs. Not listening.
 */
export async function orderEventsServer(
  notifier: Notifier,
  secret: string,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  await registerOrderEvents(app, {
    store: notifier.store,
    secret,
    onStored: () => {
      notifier.wake();
    },
  });
  return app;
}
