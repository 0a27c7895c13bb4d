// Telegram redelivers an update it thinks was lost (a webhook retry, a restart): the bot answers
// each update once.
import type { Context } from 'grammy';
import type { BotLogger, SeenUpdates } from './bot-deps';

type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

/** Without a store: this many ids are remembered, in this process only. */
const RECENT_UPDATES = 1000;

/** Drops updates already handled, as recorded in the store (shared by every instance). */
function dropStoredRepeats(seen: SeenUpdates, logger: BotLogger): Middleware {
  return async (ctx, next) => {
    let first = true;
    try {
      first = await seen.rememberUpdate(ctx.update.update_id, new Date());
    } catch (error) {
      // Better a rare second answer than none: the update is handled.
      logger.warn({ err: error }, 'Could not record the update id; handling it anyway');
    }
    if (first) await next();
  };
}

/** Drops updates seen recently, so a webhook retry does not answer the user twice. */
function dropRepeatedUpdates(capacity: number): Middleware {
  const seen = new Set<number>();
  return async (ctx, next) => {
    const id = ctx.update.update_id;
    if (seen.has(id)) return;
    seen.add(id);
    // A Set iterates in insertion order, so the first value is the oldest.
    if (seen.size > capacity) {
      const oldest = seen.values().next();
      if (oldest.done !== true) seen.delete(oldest.value);
    }
    await next();
  };
}

/** The store's record when there is one, else a memory of the last ids. */
export function dropRepeats(seen: SeenUpdates | undefined, logger: BotLogger): Middleware {
  return seen ? dropStoredRepeats(seen, logger) : dropRepeatedUpdates(RECENT_UPDATES);
}
