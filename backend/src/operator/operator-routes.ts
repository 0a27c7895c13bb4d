// The operator's calls (the contract: shared/src/contracts/operator.ts): not part of the
// storefront's contract and never relayed to shoppers. Each call carries the operator secret,
// compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  MOVED_BY_MAX_LENGTH,
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  OperatorStatusParamsSchema,
  OperatorStatusRequestSchema,
  OperatorTrustedSignInRequestSchema,
  OrderStatusSchema,
  type OperatorMovedMeanwhileAnswer,
  type OperatorStatusAnswer,
  type VerifyOtpResponse,
} from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ShopError, errorBody } from '@shop/shared/server';
import { MovedMeanwhileError, type OrderStatusService } from '../orders/order-status';
import type { TrustedSignIn } from '../auth/trusted-sign-in';
import { registerPaymentOperatorRoutes, type PaymentOperatorDeps } from './payment-operator-routes';
import { registerTelegramPaymentRoutes, type TelegramPaymentDeps } from './telegram-payment-routes';

/** Throws `unauthorized` unless the request carries the operator secret. */
type SecretCheck = (request: FastifyRequest) => void;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function secretCheck(secret: string): SecretCheck {
  // Compared as digests: equal lengths for timingSafeEqual, and the secret's length does not leak.
  const secretDigest = digest(secret);
  return (request) => {
    const given = request.headers[OPERATOR_SECRET_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), secretDigest)) {
      throw new ShopError('unauthorized', 'A valid operator secret is required');
    }
  };
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
    /** The bot's calls about Telegram's payment sheet; without it they are not served. */
    telegramPayments?: TelegramPaymentDeps;
    /** The payments report and refunds made by hand; without it they are not served. */
    payments?: PaymentOperatorDeps;
  },
): void {
  const checkSecret = secretCheck(options.secret);
  const { dumpDatabase } = options;
  if (dumpDatabase) {
    app.get(OPERATOR_PATHS.databaseDump, async (request, reply) => {
      checkSecret(request);
      const tarball = await dumpDatabase();
      return reply.type('application/x-tar').header('cache-control', 'no-store').send(tarball);
    });
  }
  registerTrustedSignIn(app, checkSecret, options.signIn);
  registerOrderStatus(app, checkSecret, options.statuses);
  if (options.telegramPayments) {
    registerTelegramPaymentRoutes(app, checkSecret, options.telegramPayments);
  }
  if (options.payments) registerPaymentOperatorRoutes(app, checkSecret, options.payments);
}

function registerTrustedSignIn(
  app: FastifyInstance,
  checkSecret: SecretCheck,
  signIn: (phone: string) => Promise<TrustedSignIn>,
): void {
  app.post(OPERATOR_PATHS.trustedSignIn, async (request): Promise<VerifyOtpResponse> => {
    checkSecret(request);
    const body = OperatorTrustedSignInRequestSchema.safeParse(request.body);
    if (!body.success) {
      throw new ShopError('validation_error', 'Send { "phone": <an Uzbek mobile number> }', {
        details: [{ field: 'phone', message: 'An Uzbek mobile number: +998 and 9 digits' }],
      });
    }
    const signedIn = await signIn(body.data.phone);
    return {
      access_token: signedIn.accessToken,
      token_type: 'Bearer',
      expires_in: signedIn.expiresIn,
      user: signedIn.user,
    };
  });
}

function registerOrderStatus(
  app: FastifyInstance,
  checkSecret: SecretCheck,
  statuses: OrderStatusService,
): void {
  app.post(OPERATOR_PATHS.orderStatus, async (request, reply) => {
    checkSecret(request);
    const params = OperatorStatusParamsSchema.safeParse(request.params);
    if (!params.success) {
      throw new ShopError('validation_error', 'The order number is not valid', {
        details: [{ field: 'number', message: '1 to 60 characters' }],
      });
    }
    const body = OperatorStatusRequestSchema.safeParse(request.body);
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
      const change = await statuses.changeStatus(params.data.number, body.data.status, {
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
