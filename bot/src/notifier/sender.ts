// The sender: claims due sends from the store, sends each through the Bot API and records what
// Telegram answered. Any number of instances can run against one database; the store's claim
// keeps a send to one of them at a time (see claimDueSends).
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Api, GrammyError } from 'grammy';
import { orderEventMessage } from './messages';
import { createPause } from './pause';
import type { ClaimedSend, NotifierStore } from './store';

export type SenderLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * A Bot API client for notifications: a throttle keeps under Telegram's limits (about 30 messages
 * a second overall, one a second per chat, queued rather than refused), and auto-retry waits out
 * a 429's retry_after (twice at most, a minute at most). 5xx and network failures are rethrown to
 * the sender, whose back-off is stored with the send and so outlives a restart. auto-retry is
 * installed last, so it wraps the throttle and every retry queues again.
 */
export function createNotifierApi(token: string, apiRoot?: string): Api {
  const api = new Api(token, apiRoot ? { apiRoot } : undefined);
  api.config.use(apiThrottler());
  api.config.use(
    autoRetry({
      maxRetryAttempts: 2,
      maxDelaySeconds: 60,
      rethrowInternalServerErrors: true,
      rethrowHttpErrors: true,
    }),
  );
  return api;
}

export interface SenderOptions {
  store: NotifierStore;
  api: Api;
  publicUrl: string;
  logger: SenderLogger;
  now?: () => Date;
  /** How often the store is asked for due sends when nothing woke the sender. */
  pollIntervalMs?: number;
  /**
   * How long a claimed send is left to this instance before another may take it. It must
   * outlast one send with its retries (auto-retry waits at most about 2 × 60 s).
   */
  leaseMs?: number;
  /** Sends claimed at a time (one per chat). */
  batchSize?: number;
  /** First back-off after a failure; doubles each attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** After this many attempts a send is given up (marked failed). */
  maxAttempts?: number;
  /** Recorded with each sent message; `host:pid` by default. */
  instanceId?: string;
  /** How often old handled update ids and expired link tokens are deleted (at start, then). */
  pruneIntervalMs?: number;
}

export interface Sender {
  start(): void;
  /** Look for due sends now (new events were just stored). */
  wake(): void;
  /** Stops claiming and waits for the sends in flight to be recorded. */
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 180_000;
/** Handled update ids are kept this long: Telegram gives up redelivering long before. */
export const PROCESSED_UPDATES_KEPT_MS = 7 * 24 * 3600_000;
/** Expired link tokens are kept this long, so a late Start press is told "expired". */
export const EXPIRED_LINK_TOKENS_KEPT_MS = 24 * 3600_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createSender(options: SenderOptions): Sender {
  const { store, api, publicUrl, logger } = options;
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? 30;
  const backoffMs = options.backoffMs ?? 5000;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  const maxAttempts = options.maxAttempts ?? 20;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}`;
  const pruneIntervalMs = options.pruneIntervalMs ?? 3600_000;
  let nextPruneAt = 0;

  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  const { pause, wake } = createPause();

  async function retryLater(send: ClaimedSend, delayMs: number, reason: string): Promise<void> {
    if (send.attempts >= maxAttempts) {
      logger.error({ sendId: send.sendId, event: send.event.id, reason }, 'Order message given up');
      await store.markFailed(send.sendId, reason);
      return;
    }
    await store.scheduleRetry(send.sendId, new Date(now().getTime() + delayMs), reason);
  }

  async function deliver(send: ClaimedSend): Promise<void> {
    const message = orderEventMessage(send.event, send.language, publicUrl);
    let messageId: number;
    try {
      const sent = await api.sendMessage(send.chatId, message.text, {
        reply_markup: message.replyMarkup,
      });
      messageId = sent.message_id;
    } catch (error) {
      const reason = describe(error);
      if (error instanceof GrammyError) {
        if (error.error_code === 403) {
          // Blocked by the user (or deactivated): writing again only earns more 403s.
          logger.info({ chatId: send.chatId }, 'Chat blocked the bot; no more messages to it');
          await store.markChatBlocked(send.chatId, now());
          return;
        }
        if (error.error_code === 429) {
          const retryAfter = error.parameters.retry_after ?? backoffMs / 1000;
          await retryLater(send, retryAfter * 1000, reason);
          return;
        }
        if (error.error_code < 500) {
          // 400 chat not found, message too long...: the same request would fail the same way.
          logger.error({ sendId: send.sendId, err: error }, 'Telegram refused an order message');
          await store.markFailed(send.sendId, reason);
          return;
        }
      }
      const delay = Math.min(backoffMs * 2 ** Math.max(0, send.attempts - 1), maxBackoffMs);
      logger.warn({ sendId: send.sendId, err: error, retryInMs: delay }, 'Order message not sent');
      await retryLater(send, delay, reason);
      return;
    }
    // The one window where a crash duplicates a message: Telegram has it, the row is not marked
    // yet. It is one row update long (bot/README.md, "Exactly once").
    await store.markSent(send.sendId, messageId, now(), instanceId);
  }

  /** Now and then (and at start): forgets what no one will ask about again. */
  async function prune(): Promise<void> {
    const at = now().getTime();
    if (at < nextPruneAt) return;
    nextPruneAt = at + pruneIntervalMs;
    try {
      await store.pruneProcessedUpdates(new Date(at - PROCESSED_UPDATES_KEPT_MS));
      await store.pruneLinkTokens(new Date(at - EXPIRED_LINK_TOKENS_KEPT_MS));
    } catch (error) {
      logger.warn({ err: error }, 'Could not prune old update ids and link tokens');
    }
  }

  async function run(): Promise<void> {
    while (!stopped) {
      await prune();
      let claimed: ClaimedSend[];
      try {
        claimed = await store.claimDueSends({ now: now(), leaseMs, limit: batchSize });
      } catch (error) {
        logger.error({ err: error }, 'Could not claim order messages');
        await pause(pollIntervalMs);
        continue;
      }
      if (claimed.length === 0) {
        await pause(pollIntervalMs);
        continue;
      }
      await Promise.all(
        claimed.map((send) =>
          deliver(send).catch((error: unknown) => {
            // The store failed to record the outcome: the lease runs out and it is tried again.
            logger.error({ err: error, sendId: send.sendId }, 'Could not record an order message');
          }),
        ),
      );
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    wake,
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
