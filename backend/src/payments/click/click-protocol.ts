// Click's SHOP API as both ends speak it: the shop's Prepare and Complete endpoints, and the
// local stand-in that plays Click. Click posts form fields; the shop answers JSON with one of
// these error codes. Amounts are sum, written as Click writes them ("38400", "33139.73").
import { createHash } from 'node:crypto';

export const CLICK_ERROR = {
  ok: 0,
  signFailed: -1,
  wrongAmount: -2,
  actionNotFound: -3,
  alreadyPaid: -4,
  orderNotFound: -5,
  transactionNotFound: -6,
  updateFailed: -7,
  badRequest: -8,
  cancelled: -9,
} as const;

export type ClickError = (typeof CLICK_ERROR)[keyof typeof CLICK_ERROR];

/** The notes Click's own SDKs send with each code. */
export const CLICK_ERROR_NOTES: Readonly<Record<ClickError, string>> = {
  0: 'Success',
  [-1]: 'SIGN CHECK FAILED!',
  [-2]: 'Incorrect parameter amount',
  [-3]: 'Action not found',
  [-4]: 'Already paid',
  [-5]: 'User does not exist',
  [-6]: 'Transaction does not exist',
  [-7]: 'Failed to update user',
  [-8]: 'Error in request from click',
  [-9]: 'Transaction cancelled',
};

export const CLICK_ACTION = { prepare: '0', complete: '1' } as const;
export type ClickStep = keyof typeof CLICK_ACTION;

/** The fields sign_string covers, as sent (the amount's text, not its value). */
export interface ClickSignedFields {
  clickTransId: string;
  serviceId: string;
  merchantTransId: string;
  /** Complete only. */
  merchantPrepareId?: string;
  amount: string;
  action: string;
  signTime: string;
}

/** md5(click_trans_id service_id SECRET merchant_trans_id [merchant_prepare_id] amount action sign_time). */
export function clickSignString(fields: ClickSignedFields, secretKey: string): string {
  const text =
    fields.clickTransId +
    fields.serviceId +
    secretKey +
    fields.merchantTransId +
    (fields.merchantPrepareId ?? '') +
    fields.amount +
    fields.action +
    fields.signTime;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Tashkent is UTC+5 all year: Click signs with its local time. */
const TASHKENT_OFFSET_MS = 5 * 3_600_000;

/** "YYYY-MM-DD HH:mm:ss" in Tashkent time, as Click writes sign_time. */
export function clickSignTime(at: Date): string {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export const SIGN_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** "38400", "38400.0", "33139.73": whole sum and at most two decimals, no sign or exponent. */
const CLICK_AMOUNT = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;

/** The amount Click wrote, in tiyin; null when it is not an amount. */
export function clickAmountTiyin(text: string): number | null {
  const match = CLICK_AMOUNT.exec(text);
  if (!match?.[1]) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

/** Tiyin as Click writes an amount in its calls: "38400" for whole sums, else "33139.73". */
export function clickCallAmount(tiyin: number): string {
  const sums = Math.floor(tiyin / 100);
  const rest = tiyin % 100;
  return rest === 0 ? String(sums) : `${String(sums)}.${String(rest).padStart(2, '0')}`;
}

/** Click's ids (click_trans_id, click_paydoc_id, service_id, our prepare id): positive integers. */
export const CLICK_ID_PATTERN = /^[1-9]\d{0,15}$/;

export function isClickId(text: string): boolean {
  return CLICK_ID_PATTERN.test(text) && Number.isSafeInteger(Number(text));
}

/** The shop's answer to a Prepare. */
export interface ClickPrepareAnswer {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id: number | null;
  error: ClickError;
  error_note: string;
}

/** The shop's answer to a Complete. */
export interface ClickCompleteAnswer {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_confirm_id: number | null;
  error: ClickError;
  error_note: string;
}

export type ClickRefusal = Exclude<ClickError, 0>;

/** What the shop decided on one call: taken (with our id of the transaction), or refused. */
export type ClickOutcome = { error: 0; id: number } | { error: ClickRefusal };
