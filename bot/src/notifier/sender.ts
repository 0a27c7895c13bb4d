// The sender: claims due sends from the store, sends each through the Bot API and records what
// Telegram answered. Any number of instances can run against one database; the store's claim
// keeps a send to one of them at a time (see claimDueSends).
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Api, GrammyError } from 'grammy';
import { DEFAULT_STAFF_LANGUAGE } from '../config/staff';
import { deliverStaffCard, type StaffCardOptions } from '../staff/card-delivery';
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

/**
 * What became of one attempt to send a message (the operator's figures): sent; or given up
 * because the chat blocked the bot, Telegram refused it for good, or it failed too many times;
 * or to be tried again.
 */
export type SendOutcome = 'sent' | 'blocked' | 'refused' | 'gave_up' | 'retry';

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
  /** Told of each attempt's outcome once it is recorded; it must not throw. */
  observe?: (outcome: SendOutcome) => void;
  /** How staff cards are written (STAFF_LANGUAGE, and whether they carry buttons). */
  staffCards?: StaffCardOptions;
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
/**
 * Spent contacts are kept this long after they expire: a server whose clock runs behind may
 * still trust the contact a while, and must still find it spent.
 */
export const EXPIRED_SPENT_CONTACTS_KEPT_MS = 3600_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a failed send means: the chat blocked the bot, Telegram refused this message for good, or
 * try again after `delayMs` (`throttled`: Telegram said when, under its rate limit).
 */
type SendFailure =
  | { kind: 'blocked' }
  | { kind: 'refused' }
  | { kind: 'retry'; delayMs: number; throttled: boolean };

function sendFailure(
  error: unknown,
  attempts: number,
  { backoffMs, maxBackoffMs }: { backoffMs: number; maxBackoffMs: number },
): SendFailure {
  if (error instanceof GrammyError) {
    // Blocked by the user (or deactivated): writing again only earns more 403s.
    if (error.error_code === 403) return { kind: 'blocked' };
    if (error.error_code === 429) {
      const retryAfter = error.parameters.retry_after ?? backoffMs / 1000;
      return { kind: 'retry', delayMs: retryAfter * 1000, throttled: true };
    }
    // 400 chat not found, message too long...: the same request would fail the same way.
    if (error.error_code < 500) return { kind: 'refused' };
  }
  const delayMs = Math.min(backoffMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
  return { kind: 'retry', delayMs, throttled: false };
}

/** Now and then (and at start): forgets what no one will ask about again. */
function createPruner(
  store: NotifierStore,
  logger: SenderLogger,
  now: () => Date,
  intervalMs: number,
): () => Promise<void> {
  let nextPruneAt = 0;
  return async () => {
    const at = now().getTime();
    if (at < nextPruneAt) return;
    nextPruneAt = at + intervalMs;
    try {
      await store.pruneProcessedUpdates(new Date(at - PROCESSED_UPDATES_KEPT_MS));
      await store.pruneLinkTokens(new Date(at - EXPIRED_LINK_TOKENS_KEPT_MS));
      await store.pruneSpentContacts(new Date(at - EXPIRED_SPENT_CONTACTS_KEPT_MS));
    } catch (error) {
      logger.warn({ err: error }, 'Could not prune old update ids, link tokens and contacts');
    }
  };
}

/** What delivering one message works with. */
interface DeliveryDeps {
  store: NotifierStore;
  api: Api;
  publicUrl: string;
  logger: SenderLogger;
  now: () => Date;
  backoff: { backoffMs: number; maxBackoffMs: number };
  maxAttempts: number;
  instanceId: string;
  observe: (outcome: SendOutcome) => void;
  staffCards: StaffCardOptions;
}

async function retryLater(
  deps: DeliveryDeps,
  send: ClaimedSend,
  delayMs: number,
  reason: string,
): Promise<void> {
  const { store, logger, now, maxAttempts } = deps;
  if (send.attempts >= maxAttempts) {
    logger.error({ sendId: send.sendId, event: send.event.id, reason }, 'Order message given up');
    await store.markFailed(send.sendId, reason);
    deps.observe('gave_up');
    return;
  }
  await store.scheduleRetry(send.sendId, new Date(now().getTime() + delayMs), reason);
  deps.observe('retry');
}

/** Records a failed send as what it means: blocked chat, refused message, or a retry. */
async function recordFailure(deps: DeliveryDeps, send: ClaimedSend, error: unknown): Promise<void> {
  const { store, logger, now } = deps;
  const reason = describe(error);
  const failure = sendFailure(error, send.attempts, deps.backoff);
  if (failure.kind === 'blocked') {
    logger.info({ chatId: send.chatId }, 'Chat blocked the bot; no more messages to it');
    await store.markChatBlocked(send.chatId, now());
    deps.observe('blocked');
  } else if (failure.kind === 'refused') {
    logger.error({ sendId: send.sendId, err: error }, 'Telegram refused an order message');
    await store.markFailed(send.sendId, reason);
    deps.observe('refused');
  } else {
    if (!failure.throttled) {
      logger.warn(
        { sendId: send.sendId, err: error, retryInMs: failure.delayMs },
        'Order message not sent',
      );
    }
    await retryLater(deps, send, failure.delayMs, reason);
  }
}

/** The shopper's message about an event; answers its message id. */
async function sendShopperMessage(deps: DeliveryDeps, send: ClaimedSend): Promise<number> {
  const message = orderEventMessage(send.event, send.language, deps.publicUrl);
  const sent = await deps.api.sendMessage(send.chatId, message.text, {
    reply_markup: message.replyMarkup,
  });
  return sent.message_id;
}

/** Sends one claimed message (a shopper's, or a staff card) and records what Telegram answered. */
async function deliver(deps: DeliveryDeps, send: ClaimedSend): Promise<void> {
  let messageId: number;
  try {
    messageId =
      send.purpose === 'shopper'
        ? await sendShopperMessage(deps, send)
        : await deliverStaffCard(deps, send, deps.staffCards);
  } catch (error) {
    await recordFailure(deps, send, error);
    return;
  }
  // The one window where a crash duplicates a message: Telegram has it, the row is not marked
  // yet. It is one row update long (bot/README.md, "Exactly once").
  await deps.store.markSent(send.sendId, messageId, deps.now(), deps.instanceId);
  deps.observe('sent');
}

export function createSender(options: SenderOptions): Sender {
  const { store, logger } = options;
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? 30;
  const deps: DeliveryDeps = {
    store,
    api: options.api,
    publicUrl: options.publicUrl,
    logger,
    now,
    backoff: {
      backoffMs: options.backoffMs ?? 5000,
      maxBackoffMs: options.maxBackoffMs ?? 15 * 60_000,
    },
    maxAttempts: options.maxAttempts ?? 20,
    instanceId: options.instanceId ?? `${hostname()}:${process.pid}`,
    observe: options.observe ?? (() => undefined),
    staffCards: options.staffCards ?? { language: DEFAULT_STAFF_LANGUAGE, buttons: false },
  };
  const prune = createPruner(store, logger, now, options.pruneIntervalMs ?? 3600_000);

  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  const { pause, wake } = createPause();

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
          deliver(deps, send).catch((error: unknown) => {
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
