import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '@shop/backend';
import type { OrderEvent } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../testing/fake-bot-api';
import {
  QUIET_LOGGER,
  TEST_BOT_TOKEN,
  orderEventsServer,
  testNotifier,
} from '../testing/notifier-stand';
import {
  placedEvent,
  sampleOrder,
  signedDelivery,
  statusEvent,
  waitFor,
} from '../testing/order-events';
import { TEST_DATABASE_URL } from '../testing/scratch-database';
import type { Notifier } from './notifier';
import { openNotifierStore, type NotifierStore } from './store';

/**
 * Two notifier instances share one PostgreSQL database: one in this process, one a child process
 * that is SIGKILLed between events (mid-send, as it is always busy) and started again. The Bot
 * API stand-in fails a share of sends with 429 (retry_after) and 5xx. Every event is delivered
 * to both instances (at least once, as a backend would). Every message must arrive; a message may
 * arrive twice only across a kill (the known window between Telegram's answer and the mark).
 */

const TOKEN = TEST_BOT_TOKEN;
const SECRET = 'order-events-secret-for-durability';
const BOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Long enough for one send with its retries on a loaded machine, short enough to wait out. */
const LEASE_MS = 8000;
const USERS = [701, 702, 703, 704];
const ORDERS_PER_USER = 3;
const KILL_EVERY = 3;

interface Instance {
  child: ChildProcessWithoutNullStreams;
  url: string;
}

let database: ScratchDatabase;
let api: FakeBotApi;
let store: NotifierStore;
let notifier: Notifier;
let child: Instance | null = null;
let receiver: FastifyInstance;

function startInstance(): Promise<Instance> {
  const process_ = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/testing/notifier-instance.ts'],
    {
      cwd: BOT_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: api.apiRoot,
        ORDER_EVENTS_SECRET: SECRET,
        NOTIFIER_LEASE_MS: String(LEASE_MS),
      },
    },
  );
  let output = '';
  process_.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  process_.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    process_.stdout.on('data', () => {
      const url = /listening (http:\/\/\S+)\n/.exec(output)?.[1];
      if (url) resolve({ child: process_, url });
    });
    process_.once('exit', (code) => {
      reject(new Error(`The instance exited with ${String(code)}:\n${output}`));
    });
  });
}

async function kill(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  database = await createScratchDatabase(TEST_DATABASE_URL);
  api = await startFakeBotApi({ token: TOKEN });
  store = await openNotifierStore({ databaseUrl: database.url });
  notifier = testNotifier({
    store,
    apiRoot: api.apiRoot,
    secret: SECRET,
    sender: { backoffMs: 100, maxBackoffMs: 1000, leaseMs: LEASE_MS },
  });
  // This process's own order-events route, as the child has one.
  receiver = await orderEventsServer(notifier, SECRET);
}, 60_000);

afterAll(async () => {
  if (!TEST_DATABASE_URL) return;
  if (child) await kill(child);
  await receiver.close();
  await notifier.stop();
  await store.close();
  await api.close();
  await database.drop();
}, 60_000);

describe.skipIf(!TEST_DATABASE_URL)('durability on PostgreSQL', () => {
  it('delivers every event once across two instances, SIGKILLs and a failing Bot API', async () => {
    for (const userId of USERS) {
      await store.linkChat({ userId, chatId: userId * 10, language: 'en' }, new Date());
    }
    let sendCalls = 0;
    api.setFailurePolicy((call) => {
      if (call.method !== 'sendMessage') return undefined;
      sendCalls += 1;
      if (sendCalls % 6 === 0) {
        return {
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        };
      }
      if (sendCalls % 7 === 0) return { error_code: 502, description: 'Bad Gateway' };
      return undefined;
    });

    notifier.start(QUIET_LOGGER);
    child = await startInstance();

    const events: OrderEvent[] = [];
    for (let n = 0; n < ORDERS_PER_USER; n++) {
      for (const userId of USERS) {
        const order = sampleOrder(`D-${userId}-${n}`);
        events.push(
          placedEvent(userId, order),
          statusEvent(userId, order, 'confirmed'),
          statusEvent(userId, order, 'completed'),
        );
      }
    }

    /** Positions in the Bot API's call log at which the child was killed. */
    const kills: number[] = [];
    for (const [index, event] of events.entries()) {
      const delivery = signedDelivery(SECRET, [event]);
      // To the child while it lives, and to this process: at least once, often twice.
      if (child) {
        await fetch(`${child.url}/tg/order-events`, {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.payload,
        }).catch(() => undefined);
      }
      const answer = await receiver.inject(delivery);
      expect(answer.statusCode).toBe(200);
      if ((index + 1) % KILL_EVERY === 0) {
        if (child) {
          kills.push(api.calls.length);
          await kill(child);
          child = null;
          // Every other kill, some events go by with only this process before the child is back.
          if (kills.length % 2 === 1) child = await startInstance();
        } else {
          child = await startInstance();
        }
      }
    }
    if (!child) child = await startInstance();

    const expected = events.length;
    await waitFor(
      `${expected} sends settled`,
      async () => {
        const sends = await store.sends();
        return sends.length === expected && sends.every((send) => send.state === 'sent');
      },
      120_000,
    );

    // Every message arrived; a second copy only where a kill lies between the two.
    const seen = new Map<string, number>();
    const duplicates: string[] = [];
    api.calls.forEach((call, position) => {
      if (call.method !== 'sendMessage' || !call.ok) return;
      const key = `${String(call.payload.chat_id)}|${String(call.payload.text)}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, position);
        return;
      }
      duplicates.push(key);
      expect(kills.some((at) => at > first && at <= position)).toBe(true);
    });
    expect(seen.size).toBe(expected);
    // Both instances did send: the parent and at least one life of the child.
    const senders = new Set((await store.sends()).map((send) => send.sentBy?.split(':').at(-1)));
    expect(senders).toContain(String(process.pid));
    expect(senders.size).toBeGreaterThan(1);
    expect(duplicates.length).toBeLessThanOrEqual(kills.length);
    const failures = api.calls.filter((call) => call.method === 'sendMessage' && !call.ok);
    expect(failures.length).toBeGreaterThan(0);
    // How rare the duplicate window is, for bot/README.md.
    process.stdout.write(
      `durability: ${expected} messages, ${kills.length} SIGKILLs, ${failures.length} failed sends, ${duplicates.length} duplicates\n`,
    );
  }, 300_000);
});
