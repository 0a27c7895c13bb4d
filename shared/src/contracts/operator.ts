// The operator API: a backend's calls for the shop's own tools, never relayed to shoppers. The
// staff buttons and `pnpm order:status` move orders, the server signs in a phone Telegram signed
// (the one-tap sign-in), `pnpm data:backup` takes a copy of the embedded database. Each call
// carries the operator secret in OPERATOR_SECRET_HEADER (401 without it); errors are ApiError.
import * as z from 'zod/mini';
import { ApiErrorSchema, type ApiError } from './common';
import { MOVED_BY_MAX_LENGTH } from './order-events';
import { OrderSchema, OrderStatusSchema } from './orders';
import { PhoneSchema } from '../validation/phone';
import { LanguageSchema } from '../languages';

export const OPERATOR_SECRET_HEADER = 'x-operator-secret';

export const OPERATOR_PATHS = {
  /** `POST` OperatorStatusRequest: moves an order (a route pattern: operatorStatusPath fills it). */
  orderStatus: '/operator/orders/:number/status',
  /** `POST` OperatorTrustedSignInRequest: the code sign-in's answer (VerifyOtpResponse), no SMS. */
  trustedSignIn: '/operator/trusted-sign-in',
  /** `GET`: a consistent tarball of the embedded database (PGlite only), while the shop runs. */
  databaseDump: '/operator/database-dump',
  /** `POST` TelegramPreCheckoutRequest: may Telegram's payment sheet take this order's money? */
  telegramPreCheckout: '/operator/payments/telegram/pre-checkout',
  /** `POST` TelegramSuccessfulPaymentRequest: Telegram took the money; recorded once per charge. */
  telegramSuccessful: '/operator/payments/telegram/successful',
  /** `GET` PaymentsReportQuery: the payments and refunds of a window, for matching statements. */
  paymentsReport: '/operator/payments',
  /** `POST` RefundMadeRequest: staff gave an order's money back by hand (refundMadePath fills it). */
  refundMade: '/operator/orders/:number/refund-made',
} as const;

/** The path that moves order `number`, its number percent-encoded. */
export function operatorStatusPath(number: string): string {
  return OPERATOR_PATHS.orderStatus.replace(':number', encodeURIComponent(number));
}

/** The path that records order `number`'s refund made by hand, its number percent-encoded. */
export function refundMadePath(number: string): string {
  return OPERATOR_PATHS.refundMade.replace(':number', encodeURIComponent(number));
}

export const OperatorStatusParamsSchema = z.object({
  number: z.string().check(z.minLength(1), z.maxLength(60)),
});

export const OperatorStatusRequestSchema = z.strictObject({
  status: OrderStatusSchema,
  /** Compare-and-set: move only if the order is still where the caller saw it. */
  expected_from: z.optional(OrderStatusSchema),
  /** Who is moving it, kept with the move and told to whoever presses second. */
  actor: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MOVED_BY_MAX_LENGTH))),
});
export type OperatorStatusRequest = z.input<typeof OperatorStatusRequestSchema>;

/** 200: where the order was, and the order as it is now. */
export const OperatorStatusAnswerSchema = z.object({ from: OrderStatusSchema, data: OrderSchema });
export type OperatorStatusAnswer = z.infer<typeof OperatorStatusAnswerSchema>;

/** An order's last move: the status it reached, when, and who made it (null: the shop itself). */
export const OperatorLastMoveSchema = z.object({
  status: OrderStatusSchema,
  at: z.iso.datetime({ offset: true }),
  by: z.nullable(z.string()),
});
export type OperatorLastMove = z.infer<typeof OperatorLastMoveSchema>;

/** 409 when `expected_from` was given and the order had already left it: where it is now. */
export const OperatorMovedMeanwhileAnswerSchema = z.extend(ApiErrorSchema, {
  current: OperatorLastMoveSchema,
});
export type OperatorMovedMeanwhileAnswer = z.infer<typeof OperatorMovedMeanwhileAnswerSchema>;

/** A phone the caller has proven by other means: an Uzbek mobile number. */
export const OperatorTrustedSignInRequestSchema = z.strictObject({
  phone: z.pipe(z.string().check(z.maxLength(32)), PhoneSchema),
});
export type OperatorTrustedSignInRequest = z.input<typeof OperatorTrustedSignInRequestSchema>;

/** An order number as the shop makes them, and as an invoice's payload carries it. */
const OrderNumberSchema = z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Not an order number'));
/** Tiyin, as Telegram counts UZS (its `exp` is 2). */
const TiyinSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** Telegram's pre_checkout_query, as the bot passes it on (the invoice's payload is the number). */
export const TelegramPreCheckoutRequestSchema = z.strictObject({
  number: OrderNumberSchema,
  currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'A three-letter currency code')),
  total_amount: TiyinSchema,
});
export type TelegramPreCheckoutRequest = z.infer<typeof TelegramPreCheckoutRequestSchema>;

/** Why Telegram may not take the money now; each has its own words for the shopper. */
export const TELEGRAM_REFUSALS = [
  'not_found',
  'paid',
  'cancelled',
  'expired',
  'amount',
  'not_prepaid',
  'in_progress',
] as const;
export const TelegramRefusalSchema = z.enum(TELEGRAM_REFUSALS);
export type TelegramRefusal = z.infer<typeof TelegramRefusalSchema>;

/** 200 either way; `lang` is the order's language (null when there is no such order). */
export const TelegramPreCheckoutAnswerSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), lang: LanguageSchema }),
  z.strictObject({
    ok: z.literal(false),
    reason: TelegramRefusalSchema,
    lang: z.nullable(LanguageSchema),
  }),
]);
export type TelegramPreCheckoutAnswer = z.infer<typeof TelegramPreCheckoutAnswerSchema>;

/** Telegram's successful_payment, as the bot passes it on. */
export const TelegramSuccessfulPaymentRequestSchema = z.strictObject({
  number: OrderNumberSchema,
  currency: z.literal('UZS'),
  total_amount: TiyinSchema,
  telegram_payment_charge_id: z.string().check(z.minLength(1), z.maxLength(256)),
  provider_payment_charge_id: z.string().check(z.minLength(1), z.maxLength(256)),
});
export type TelegramSuccessfulPaymentRequest = z.infer<
  typeof TelegramSuccessfulPaymentRequestSchema
>;

/**
 * 200, the same for the same charge however often it is told: the order paid with it, or its
 * money owed back (the order could no longer take it; staff refund it in the provider's office).
 * 404 not_found: the number names no order, and nothing is recorded.
 */
export const TelegramSuccessfulPaymentAnswerSchema = z.strictObject({
  outcome: z.enum(['paid', 'refund_due']),
});
export type TelegramSuccessfulPaymentAnswer = z.infer<typeof TelegramSuccessfulPaymentAnswerSchema>;

/** What an answer of the status call says, read strictly. */
export type OperatorStatusOutcome =
  | { kind: 'moved'; answer: OperatorStatusAnswer }
  | { kind: 'moved_meanwhile'; answer: OperatorMovedMeanwhileAnswer }
  /** 404 not_found: the number names no order. */
  | { kind: 'no_such_order'; error: ApiError }
  /** Any other refusal in the error shape. */
  | { kind: 'refused'; error: ApiError }
  /** Not an answer of this contract. */
  | { kind: 'unreadable' };

/** Reads the status call's answer by its HTTP status and body. */
export function readOperatorStatusAnswer(status: number, body: unknown): OperatorStatusOutcome {
  if (status === 200) {
    const moved = OperatorStatusAnswerSchema.safeParse(body);
    return moved.success ? { kind: 'moved', answer: moved.data } : { kind: 'unreadable' };
  }
  if (status === 409) {
    const meanwhile = OperatorMovedMeanwhileAnswerSchema.safeParse(body);
    if (meanwhile.success) return { kind: 'moved_meanwhile', answer: meanwhile.data };
  }
  const error = ApiErrorSchema.safeParse(body);
  if (!error.success) return { kind: 'unreadable' };
  if (status === 404 && error.data.code === 'not_found') {
    return { kind: 'no_such_order', error: error.data };
  }
  return { kind: 'refused', error: error.data };
}
