// The operator's calls about money (shared/src/contracts/operator-payments.ts): the payments
// report of a window, and a refund staff made by hand recorded.
import {
  OPERATOR_PATHS,
  OperatorStatusParamsSchema,
  PaymentsReportQuerySchema,
  RefundMadeRequestSchema,
  fieldErrors,
  type PaymentsReportAnswer,
  type RefundMadeAnswer,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentsReport } from './payments-report-query';
import { recordRefundMade, type RefundMadeDeps } from './refund-made';

export type PaymentOperatorDeps = RefundMadeDeps;

export function registerPaymentOperatorRoutes(
  app: FastifyInstance,
  checkSecret: (request: FastifyRequest) => void,
  deps: PaymentOperatorDeps,
): void {
  app.get(OPERATOR_PATHS.paymentsReport, async (request): Promise<PaymentsReportAnswer> => {
    checkSecret(request);
    const query = PaymentsReportQuerySchema.safeParse(request.query);
    if (!query.success) {
      throw new ShopError(
        'validation_error',
        'Send ?from=<ISO time>&to=<ISO time>, each with its offset, from before to',
        { details: fieldErrors(query.error) },
      );
    }
    return paymentsReport(deps.db, new Date(query.data.from), new Date(query.data.to));
  });

  app.post(OPERATOR_PATHS.refundMade, async (request): Promise<RefundMadeAnswer> => {
    checkSecret(request);
    const params = OperatorStatusParamsSchema.safeParse(request.params);
    if (!params.success) {
      throw new ShopError('validation_error', 'The order number is not valid', {
        details: [{ field: 'number', message: '1 to 60 characters' }],
      });
    }
    // No body at all is the same as an empty one: the actor is optional.
    const body = RefundMadeRequestSchema.safeParse(request.body ?? {});
    if (!body.success) {
      throw new ShopError('validation_error', 'Send { "actor"?: <a name> } or nothing', {
        details: fieldErrors(body.error),
      });
    }
    const result = await recordRefundMade(deps, params.data.number);
    if (result.recorded) {
      request.log.info(
        { order: result.order.number, refund: result.refund, actor: body.data.actor ?? null },
        'Refund made by hand recorded',
      );
    }
    return { data: result.order, recorded: result.recorded, refund: result.refund };
  });
}
