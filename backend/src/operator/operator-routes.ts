// The operator's calls: not part of the storefront's contract and never relayed to shoppers.
// Each call carries the operator secret (x-operator-secret), compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  MOVED_BY_MAX_LENGTH,
  ORDER_STATUSES,
  OrderStatusSchema,
  PhoneSchema,
  type VerifyOtpResponse,
  type ApiError,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ShopError, errorBody } from '@shop/shared/server';
import {
  MovedMeanwhileError,
  type LastMove,
  type OrderStatusService,
} from '../orders/order-status';
import type { TrustedSignIn } from '../auth/trusted-sign-in';

export const OPERATOR_SECRET_HEADER = 'x-operator-secret';
const OPERATOR_STATUS_PATH = '/operator/orders/:number/status';
/** A consistent copy of the embedded database, for `pnpm data:backup` while the shop runs. */
export const OPERATOR_DATABASE_DUMP_PATH = '/operator/database-dump';

/**
 * Signs in a phone the caller has proven by other means (the shop server, after checking a contact
 * Telegram signed): the same answer as the code sign-in, with no SMS.
 */
export const OPERATOR_TRUSTED_SIGN_IN_PATH = '/operator/trusted-sign-in';

/** The answer of `POST /operator/orders/:number/status`. */
export interface OperatorStatusAnswer {
  from: OrderStatus;
  data: Order;
}

/**
 * The 409 answer when `expected_from` was given and the order had already left it: where it is
 * now, since when, and who moved it there (null: the shop itself).
 */
export type OperatorMovedMeanwhileAnswer = ApiError & { current: LastMove };

const ParamsSchema = z.object({ number: z.string().min(1).max(60) });
const BodySchema = z.strictObject({
  status: OrderStatusSchema,
  // Compare-and-set: move only if the order is still where the caller saw it.
  expected_from: z.enum(ORDER_STATUSES).optional(),
  // Who is moving it, kept with the move and told to whoever presses second.
  actor: z.string().trim().min(1).max(MOVED_BY_MAX_LENGTH).optional(),
});

const TrustedSignInBodySchema = z.strictObject({ phone: z.string().max(32) });

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function registerOperatorRoutes(
  app: FastifyInstance,
  options: {
    secret: string;
    statuses: OrderStatusService;
    /** The database as a tarball (PGlite only: a server is dumped with pg_dump). */
    dumpDatabase?: () => Promise<Buffer>;
    /** Signs a proven phone in without a code (trusted-sign-in.ts). */
    signIn: (phone: string) => Promise<TrustedSignIn>;
  },
): void {
  // Compared as digests: equal lengths for timingSafeEqual, and the secret's length does not leak.
  const secretDigest = digest(options.secret);
  const checkSecret = (request: FastifyRequest) => {
    const given = request.headers[OPERATOR_SECRET_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), secretDigest)) {
      throw new ShopError('unauthorized', 'A valid operator secret is required');
    }
  };

  const { dumpDatabase } = options;
  if (dumpDatabase) {
    app.get(OPERATOR_DATABASE_DUMP_PATH, async (request, reply) => {
      checkSecret(request);
      const tarball = await dumpDatabase();
      return reply.type('application/x-tar').header('cache-control', 'no-store').send(tarball);
    });
  }

  app.post(OPERATOR_TRUSTED_SIGN_IN_PATH, async (request): Promise<VerifyOtpResponse> => {
    checkSecret(request);
    const body = TrustedSignInBodySchema.safeParse(request.body);
    const phone = body.success ? PhoneSchema.safeParse(body.data.phone) : null;
    if (!phone?.success) {
      throw new ShopError('validation_error', 'Send { "phone": <an Uzbek mobile number> }', {
        details: [{ field: 'phone', message: 'An Uzbek mobile number: +998 and 9 digits' }],
      });
    }
    const signedIn = await options.signIn(phone.data);
    return {
      access_token: signedIn.accessToken,
      token_type: 'Bearer',
      expires_in: signedIn.expiresIn,
      user: signedIn.user,
    };
  });

  app.post(OPERATOR_STATUS_PATH, async (request, reply) => {
    checkSecret(request);
    const params = ParamsSchema.safeParse(request.params);
    if (!params.success) {
      throw new ShopError('validation_error', 'The order number is not valid', {
        details: [{ field: 'number', message: '1 to 60 characters' }],
      });
    }
    const body = BodySchema.safeParse(request.body);
    if (!body.success) {
      throw new ShopError(
        'validation_error',
        'Send { "status": <an order status>, "expected_from"?: <an order status>, "actor"?: <a name> }',
        {
          details: [
            { field: 'status', message: `One of: ${OrderStatusSchema.options.join(', ')}` },
            { field: 'actor', message: `1 to ${MOVED_BY_MAX_LENGTH} characters` },
          ],
        },
      );
    }
    try {
      const change = await options.statuses.changeStatus(params.data.number, body.data.status, {
        expectedFrom: body.data.expected_from,
        actor: body.data.actor ?? null,
      });
      const answer: OperatorStatusAnswer = { from: change.from, data: change.order };
      return answer;
    } catch (error) {
      if (!(error instanceof MovedMeanwhileError)) throw error;
      const answer: OperatorMovedMeanwhileAnswer = { ...errorBody(error), current: error.current };
      return reply.code(error.status).send(answer);
    }
  });
}
