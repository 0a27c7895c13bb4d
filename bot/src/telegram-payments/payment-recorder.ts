// Tells the backend of each kept Telegram payment until it has recorded it. A round claims the
// due payments (a lease: another instance leaves them alone meanwhile), asks the backend, and
// stores the answer; a failure is tried again after a backoff that doubles up to a ceiling. The
// backend records a charge once, so a lease that ends mid-call costs a repeated call, not money.
import type { KeptTelegramPayment, NotifierStore, TelegramPaymentResult } from '../notifier/store';
import type { BotLogger } from '../telegram/bot-deps';
import type { OperatorPayments } from './operator-payments';

export interface RecorderOptions {
  store: Pick<
    NotifierStore,
    'claimTelegramPayments' | 'finishTelegramPayment' | 'nextTelegramPaymentDue'
  >;
  operator: Pick<OperatorPayments, 'recordPayment'>;
  logger: BotLogger;
  now?: () => Date;
  /** The first retry's wait; each next one doubles, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed payment stays with this instance. */
  leaseMs?: number;
  /** The longest wait between rounds, so a lease another instance let lapse is taken up. */
  idleRoundMs?: number;
}

export interface PaymentRecorder {
  /** A round now (a payment was kept). */
  wake(): void;
  start(): void;
  /** Ends the rounds; waits for one under way. */
  stop(): Promise<void>;
}

const BATCH = 20;

interface Settings {
  now: () => Date;
  backoffMs: number;
  maxBackoffMs: number;
  leaseMs: number;
  idleRoundMs: number;
}

function settingsOf(options: RecorderOptions): Settings {
  return {
    now: options.now ?? (() => new Date()),
    backoffMs: options.backoffMs ?? 1000,
    maxBackoffMs: options.maxBackoffMs ?? 5 * 60_000,
    leaseMs: options.leaseMs ?? 60_000,
    idleRoundMs: options.idleRoundMs ?? 60_000,
  };
}

/** What the backend's answer makes of a kept payment; logged where staff must act. */
async function resultOf(
  options: RecorderOptions,
  settings: Settings,
  payment: KeptTelegramPayment,
): Promise<TelegramPaymentResult> {
  const { logger } = options;
  const outcome = await options.operator.recordPayment({
    number: payment.orderNumber,
    currency: 'UZS',
    total_amount: payment.totalAmount,
    telegram_payment_charge_id: payment.chargeId,
    provider_payment_charge_id: payment.providerChargeId,
  });
  switch (outcome.kind) {
    case 'recorded':
      if (outcome.outcome === 'refund_due') {
        logger.warn(
          { order: payment.orderNumber, charge: payment.providerChargeId },
          'A Telegram payment came for an order that could not take it: refund it in the provider office',
        );
      }
      return { kind: 'recorded', outcome: outcome.outcome };
    case 'no_such_order':
      logger.error(
        { payment },
        'A Telegram payment for an order the backend does not know: refund it in the provider office',
      );
      return { kind: 'unmatched', error: 'the backend has no such order' };
    case 'failed': {
      const wait = Math.min(settings.backoffMs * 2 ** payment.attempts, settings.maxBackoffMs);
      logger.warn(
        { order: payment.orderNumber, attempts: payment.attempts + 1, reason: outcome.reason },
        'Could not record a Telegram payment yet; trying again',
      );
      return {
        kind: 'failed',
        error: outcome.reason,
        retryAt: new Date(settings.now().getTime() + wait),
      };
    }
  }
}

/** Records every due payment, a batch at a time; answers when the next one is due. */
async function round(options: RecorderOptions, settings: Settings): Promise<Date | null> {
  const { store } = options;
  for (;;) {
    const due = await store.claimTelegramPayments({
      now: settings.now(),
      leaseMs: settings.leaseMs,
      limit: BATCH,
    });
    for (const payment of due) {
      const result = await resultOf(options, settings, payment);
      await store.finishTelegramPayment(payment.chargeId, result, settings.now());
    }
    if (due.length < BATCH) return store.nextTelegramPaymentDue();
  }
}

export function createPaymentRecorder(options: RecorderOptions): PaymentRecorder {
  const settings = settingsOf(options);
  const state = { running: false, stopped: true, again: false };
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  // Read through a call: a wake during the round's awaits sets it, which narrowing cannot see.
  const wokenMeanwhile = () => state.again && !state.stopped;

  function schedule(next: Date | null): void {
    if (state.stopped) return;
    clearTimeout(timer);
    const wait = next === null ? settings.idleRoundMs : next.getTime() - settings.now().getTime();
    timer = setTimeout(kick, Math.max(10, Math.min(wait, settings.idleRoundMs)));
  }

  async function rounds(): Promise<void> {
    let next: Date | null = null;
    try {
      do {
        state.again = false;
        next = await round(options, settings);
      } while (wokenMeanwhile());
    } catch (error) {
      options.logger.error({ err: error }, 'Telegram payment round failed');
      next = new Date(settings.now().getTime() + settings.backoffMs);
    } finally {
      state.running = false;
    }
    schedule(next);
  }

  function kick(): void {
    if (state.stopped) return;
    if (state.running) {
      // A payment kept during the round: one more round once this one ends.
      state.again = true;
      return;
    }
    state.running = true;
    current = rounds();
  }

  return {
    wake: kick,
    start() {
      if (!state.stopped) return;
      state.stopped = false;
      kick();
    },
    async stop() {
      state.stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
