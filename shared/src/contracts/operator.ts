// The operator API: a backend's calls for the shop's own tools, never relayed to shoppers. The
// staff buttons and `pnpm order:status` move orders, the server signs in a phone Telegram signed
// (the one-tap sign-in), `pnpm data:backup` takes a copy of the embedded database. Each call
// carries the operator secret in OPERATOR_SECRET_HEADER (401 without it); errors are ApiError.
import * as z from 'zod/mini';
import { ApiErrorSchema, type ApiError } from './common';
import { MOVED_BY_MAX_LENGTH } from './order-events';
import { OrderSchema, OrderStatusSchema } from './orders';
import { PhoneSchema } from '../validation/phone';

export const OPERATOR_SECRET_HEADER = 'x-operator-secret';

export const OPERATOR_PATHS = {
  /** `POST` OperatorStatusRequest: moves an order (a route pattern: operatorStatusPath fills it). */
  orderStatus: '/operator/orders/:number/status',
  /** `POST` OperatorTrustedSignInRequest: the code sign-in's answer (VerifyOtpResponse), no SMS. */
  trustedSignIn: '/operator/trusted-sign-in',
  /** `GET`: a consistent tarball of the embedded database (PGlite only), while the shop runs. */
  databaseDump: '/operator/database-dump',
} as const;

/** The path that moves order `number`, its number percent-encoded. */
export function operatorStatusPath(number: string): string {
  return OPERATOR_PATHS.orderStatus.replace(':number', encodeURIComponent(number));
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
