// Telegram's successful payments (`telegram_payments`), kept from the moment the update arrives
// until the backend has recorded each: a claim leases a pending row to one instance, a failure
// puts it back for later, and a payment for an order the backend does not know stays for staff.
import type { SqlClient } from '../sql';

/** A successful_payment as Telegram reported it. */
export interface TelegramPaymentReport {
  /** telegram_payment_charge_id: Telegram's id, unique per payment. */
  chargeId: string;
  /** provider_payment_charge_id: the provider's id, as its office shows it. */
  providerChargeId: string;
  orderNumber: string;
  currency: string;
  /** Tiyin. */
  totalAmount: number;
  chatId: number;
}

export interface KeptTelegramPayment extends TelegramPaymentReport {
  state: 'pending' | 'recorded' | 'unmatched';
  /** The backend's answer once recorded: 'paid' or 'refund_due'. */
  outcome: string | null;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

export type TelegramPaymentResult =
  | { kind: 'recorded'; outcome: string }
  /** The backend knows no such order: kept, never asked again. */
  | { kind: 'unmatched'; error: string }
  | { kind: 'failed'; error: string; retryAt: Date };

export interface TelegramPayments {
  /** Keeps a payment to record; false when this charge is kept already (a repeated update). */
  keepTelegramPayment(payment: TelegramPaymentReport, now: Date): Promise<boolean>;
  /** Leases up to `limit` pending payments that are due to this caller for `leaseMs`. */
  claimTelegramPayments(options: {
    now: Date;
    leaseMs: number;
    limit: number;
  }): Promise<KeptTelegramPayment[]>;
  finishTelegramPayment(chargeId: string, result: TelegramPaymentResult, now: Date): Promise<void>;
  /** When the next pending payment is due (a lease's end included); null when none waits. */
  nextTelegramPaymentDue(): Promise<Date | null>;
  telegramPayment(chargeId: string): Promise<KeptTelegramPayment | null>;
}

type PaymentColumns = {
  charge_id: string;
  provider_charge_id: string;
  order_number: string;
  currency: string;
  total_amount: string;
  chat_id: string;
  state: string;
  outcome: string | null;
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
};

/** The columns as PaymentColumns reads them, of the table named `t`. */
function columns(t: string): string {
  return `${t}.charge_id, ${t}.provider_charge_id, ${t}.order_number, ${t}.currency,
    ${t}.total_amount::text as total_amount, ${t}.chat_id::text as chat_id, ${t}.state,
    ${t}.outcome, ${t}.attempts, ${t}.next_attempt_at, ${t}.last_error`;
}

function stateOf(value: string): KeptTelegramPayment['state'] {
  return value === 'recorded' || value === 'unmatched' ? value : 'pending';
}

function keptPayment(row: PaymentColumns): KeptTelegramPayment {
  return {
    chargeId: row.charge_id,
    providerChargeId: row.provider_charge_id,
    orderNumber: row.order_number,
    currency: row.currency,
    totalAmount: Number(row.total_amount),
    chatId: Number(row.chat_id),
    state: stateOf(row.state),
    outcome: row.outcome,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
  };
}

async function finish(
  sql: SqlClient,
  chargeId: string,
  result: TelegramPaymentResult,
  now: Date,
): Promise<void> {
  switch (result.kind) {
    case 'recorded':
      await sql.query(
        `update notifier.telegram_payments
         set state = 'recorded', outcome = $2, recorded_at = $3::timestamptz, last_error = null,
             attempts = attempts + 1
         where charge_id = $1`,
        [chargeId, result.outcome, now.toISOString()],
      );
      return;
    case 'unmatched':
      await sql.query(
        `update notifier.telegram_payments
         set state = 'unmatched', last_error = $2, attempts = attempts + 1
         where charge_id = $1`,
        [chargeId, result.error.slice(0, 500)],
      );
      return;
    case 'failed':
      await sql.query(
        `update notifier.telegram_payments
         set next_attempt_at = $2::timestamptz, last_error = $3, attempts = attempts + 1
         where charge_id = $1 and state = 'pending'`,
        [chargeId, result.retryAt.toISOString(), result.error.slice(0, 500)],
      );
      return;
  }
}

export function createTelegramPayments(sql: SqlClient): TelegramPayments {
  return {
    async keepTelegramPayment(payment, now) {
      const rows = await sql.query(
        `insert into notifier.telegram_payments (charge_id, provider_charge_id, order_number,
           currency, total_amount, chat_id, next_attempt_at, received_at)
         values ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)
         on conflict (charge_id) do nothing returning charge_id`,
        [
          payment.chargeId,
          payment.providerChargeId,
          payment.orderNumber,
          payment.currency,
          payment.totalAmount,
          payment.chatId,
          now.toISOString(),
        ],
      );
      return rows.length > 0;
    },

    async claimTelegramPayments({ now, leaseMs, limit }) {
      const rows = await sql.query<PaymentColumns>(
        `update notifier.telegram_payments payment
         set next_attempt_at = $2::timestamptz
         from (
           select charge_id from notifier.telegram_payments
           where state = 'pending' and next_attempt_at <= $1::timestamptz
           order by next_attempt_at, charge_id
           limit $3
           for update skip locked
         ) due
         where payment.charge_id = due.charge_id
         returning ${columns('payment')}`,
        [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit],
      );
      return rows.map(keptPayment);
    },

    finishTelegramPayment: (chargeId, result, now) => finish(sql, chargeId, result, now),

    async nextTelegramPaymentDue() {
      const rows = await sql.query<{ due: string | Date | null }>(
        `select min(next_attempt_at) as due from notifier.telegram_payments where state = 'pending'`,
      );
      const due = rows[0]?.due ?? null;
      return due === null ? null : new Date(due);
    },

    async telegramPayment(chargeId) {
      const rows = await sql.query<PaymentColumns>(
        `select ${columns('payment')} from notifier.telegram_payments payment where charge_id = $1`,
        [chargeId],
      );
      const row = rows[0];
      return row ? keptPayment(row) : null;
    },
  };
}
