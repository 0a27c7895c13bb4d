// Test support for the notifier: one way to make a test notifier, sending through the Bot API
// stand-in with short waits (startNotifierStand, the relay stand with a notifier, is in
// relay-stand.ts).
import { createNotifier, type Notifier, type NotifierOptions } from '../notifier/notifier';
import { createNotifierApi } from '../notifier/sender';
import type { NotifierStore } from '../notifier/store';
import { TEST_BOT_TOKEN, TEST_PUBLIC_URL } from './fake-bot-api';

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
