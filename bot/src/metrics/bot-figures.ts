// The bot's messages: sent, given up (by reason) and put off to be tried again by this instance,
// and, when the notifier's store is given, those waiting in it and the oldest one's age.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { SendOutcome } from '../notifier/sender';
import type { NotifierStore } from '../notifier/store';

export interface SendQueueOptions {
  /** The notifier's store: the waiting messages are counted in it on each scrape. */
  sendQueue?: Pick<NotifierStore, 'waitingSends'>;
  /** Told when counting the waiting messages failed (the two figures are then NaN). */
  onQueueError?: (error: unknown) => void;
}

type WaitingSends = Awaited<ReturnType<NotifierStore['waitingSends']>>;

/**
 * Waiting bot messages and the oldest one's age, counted in the store on each scrape: one query
 * for both gauges, which a scrape collects together.
 */
function registerQueueFigures(registry: Registry, options: SendQueueOptions): void {
  const { sendQueue } = options;
  if (!sendQueue) return;
  let reading: Promise<WaitingSends | null> | null = null;
  const read = (): Promise<WaitingSends | null> => {
    reading ??= sendQueue
      .waitingSends()
      .catch((error: unknown) => {
        options.onQueueError?.(error);
        return null;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new Gauge({
    name: 'shop_bot_messages_waiting',
    help: 'Bot messages waiting to be sent (retries included), in the shared store.',
    registers: [registry],
    async collect() {
      const summary = await read();
      // Not a number rather than a stale or made-up one when the store cannot be read.
      this.set(summary === null ? Number.NaN : summary.count);
    },
  });
  new Gauge({
    name: 'shop_bot_messages_oldest_waiting_age_seconds',
    help: 'How long the oldest waiting bot message has waited since its event came in; 0 when none waits.',
    registers: [registry],
    async collect() {
      const summary = await read();
      this.set(summary === null ? Number.NaN : (summary.oldestAgeSeconds ?? 0));
    },
  });
}

export function createBotFigures(
  registry: Registry,
  options: SendQueueOptions,
): (outcome: SendOutcome) => void {
  const botMessages = new Counter({
    name: 'shop_bot_messages_sent_total',
    help: 'Bot messages Telegram accepted, sent by this instance.',
    registers: [registry],
  });
  const botFailures = new Counter({
    name: 'shop_bot_messages_failed_total',
    help: 'Bot messages given up by this instance: blocked (the chat blocked the bot), refused, gave_up (too many failures).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const botRetries = new Counter({
    name: 'shop_bot_message_retries_total',
    help: 'Bot message sends that failed and were put off to be tried again, by this instance.',
    registers: [registry],
  });
  for (const reason of ['blocked', 'refused', 'gave_up']) botFailures.labels(reason).inc(0);
  registerQueueFigures(registry, options);
  return (outcome) => {
    if (outcome === 'sent') botMessages.inc();
    else if (outcome === 'retry') botRetries.inc();
    else botFailures.inc({ reason: outcome });
  };
}
