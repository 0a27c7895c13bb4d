// The bot's two calls about Telegram's payment sheet (OPERATOR_PATHS.telegramPreCheckout and
// telegramSuccessful), behind the operator secret: the bot answers Telegram, the backend decides.
import {
  OPERATOR_PATHS,
  TelegramPreCheckoutRequestSchema,
  TelegramSuccessfulPaymentRequestSchema,
  fieldErrors,
  type TelegramPreCheckoutAnswer,
  type TelegramSuccessfulPaymentAnswer,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  UnknownOrderError,
  preCheckTelegramPayment,
  recordTelegramPayment,
  type TelegramPaymentDeps,
} from '../payments/telegram-payments';

export type { TelegramPaymentDeps } from '../payments/telegram-payments';

export function registerTelegramPaymentRoutes(
  app: FastifyInstance,
  checkSecret: (request: FastifyRequest) => void,
  deps: TelegramPaymentDeps,
): void {
  app.post(
    OPERATOR_PATHS.telegramPreCheckout,
    async (request): Promise<TelegramPreCheckoutAnswer> => {
      checkSecret(request);
      const body = TelegramPreCheckoutRequestSchema.safeParse(request.body);
      if (!body.success) {
        throw new ShopError('validation_error', 'Some fields are not valid', {
          details: fieldErrors(body.error),
        });
      }
      return preCheckTelegramPayment(deps, body.data);
    },
  );

  app.post(
    OPERATOR_PATHS.telegramSuccessful,
    async (request): Promise<TelegramSuccessfulPaymentAnswer> => {
      checkSecret(request);
      const body = TelegramSuccessfulPaymentRequestSchema.safeParse(request.body);
      if (!body.success) {
        throw new ShopError('validation_error', 'Some fields are not valid', {
          details: fieldErrors(body.error),
        });
      }
      try {
        return await recordTelegramPayment(deps, body.data);
      } catch (error) {
        if (!(error instanceof UnknownOrderError)) throw error;
        // Telegram took money for a number the shop never issued: staff must find it by hand.
        request.log.error(
          {
            order: error.number,
            telegram_payment_charge_id: body.data.telegram_payment_charge_id,
            provider_payment_charge_id: body.data.provider_payment_charge_id,
            amount: body.data.total_amount,
          },
          'Telegram payment for an order that does not exist: refund it in the provider office',
        );
        // The field says it is the order that is missing, not the route (an older backend).
        throw new ShopError('not_found', 'No order has this number', {
          details: [{ field: 'number', message: 'No order has this number' }],
        });
      }
    },
  );
}
