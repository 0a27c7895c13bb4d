// `POST /tg/payments/invoice` (shared/src/contracts/telegram-payments.ts): the Mini App's link to
// Telegram's payment sheet for one order. The order is read from the backend as the shopper (the
// bearer token), so someone else's order is a 404 like one that does not exist; only an unpaid
// prepaid order still held gets a link. Telegram asks again before it takes the money
// (pre_checkout_query), so a link made a moment before a cancel cannot pay a cancelled order.
import {
  CALLS,
  OrderResponseSchema,
  TELEGRAM_PAYMENT_PATHS,
  TelegramInvoiceRequestSchema,
  callPath,
  fieldErrors,
  isPrepaid,
  languageFromTag,
  DEFAULT_LANGUAGE,
  type Language,
  type Order,
  type TelegramInvoiceAnswer,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from 'grammy';
import { isBearer } from '../relay/request-headers';
import { arrivalTime } from '../relay/upstream';
import type { UpstreamClient } from '../relay/upstream-client';
import { InvoiceSumError, invoiceOf } from './invoice';

/** What the route needs of the bot: Telegram's createInvoiceLink, once the bot is there. */
export type InvoiceLinks = Pick<Api, 'createInvoiceLink'>;

export interface TelegramInvoiceDeps {
  /** BotFather's provider token (TELEGRAM_PAYMENT_PROVIDER_TOKEN). */
  providerToken: string;
  /** The bot's API; null while there is none (the bot is off). */
  invoiceLinks: () => InvoiceLinks | null;
}

function notPayable(message: string, reason: string): ShopError {
  return new ShopError('order_not_payable', message, {
    details: [{ field: 'number', message: reason }],
  });
}

/** Refuses an order Telegram must not be asked to charge. */
function checkPayable(order: Order, now: number): void {
  if (!isPrepaid(order.payment_type)) {
    throw notPayable('This order is paid on receipt', 'not_prepaid');
  }
  if (order.status === 'cancelled') throw notPayable('This order was cancelled', 'cancelled');
  if (order.payment_status !== 'unpaid') throw notPayable('This order is already paid', 'paid');
  if (order.pay_until !== null && Date.parse(order.pay_until) <= now) {
    throw notPayable('The time to pay this order is over', 'expired');
  }
}

/** The shopper's order `number`, read from the backend with their own token. */
async function shoppersOrder(
  client: UpstreamClient,
  request: FastifyRequest,
  reply: FastifyReply,
  number: string,
  lang: Language,
): Promise<Order> {
  const authorization = request.headers.authorization;
  if (!isBearer(authorization)) throw new ShopError('unauthorized', 'Sign in to continue');
  const call = CALLS.getOrder;
  const answer = await client.send(
    {
      id: 'getOrder',
      call,
      target: callPath(call.path, { tid: number }),
      headers: { authorization, 'x-lang': lang },
    },
    client.deadlineFor(call, new AbortController().signal, arrivalTime(reply)),
    request.log,
  );
  if (answer.kind === 'error') {
    if (answer.status === 401) throw new ShopError('unauthorized', 'Sign in to continue');
    // Someone else's order reads as no order at all: its existence is not theirs to learn.
    if (answer.status === 404 || answer.status === 403) {
      throw new ShopError('not_found', 'No such order');
    }
    throw new ShopError('upstream_unavailable', 'The shop could not read the order just now');
  }
  const read = OrderResponseSchema.safeParse(answer.data);
  if (!read.success) throw new ShopError('upstream_invalid', 'The shop sent an unreadable order');
  return read.data.data;
}

export function registerInvoiceRoute(
  app: FastifyInstance,
  options: { client: UpstreamClient; publicUrl: string; payments: TelegramInvoiceDeps | null },
): void {
  const { client, publicUrl, payments } = options;
  app.post(
    TELEGRAM_PAYMENT_PATHS.invoice,
    async (request, reply): Promise<TelegramInvoiceAnswer> => {
      const body = TelegramInvoiceRequestSchema.safeParse(request.body);
      if (!body.success) {
        throw new ShopError('validation_error', 'Some fields are not valid', {
          details: fieldErrors(body.error),
        });
      }
      const links = payments?.invoiceLinks() ?? null;
      if (!payments || !links) {
        throw new ShopError('not_found', 'This shop takes no payments inside Telegram');
      }
      const header = request.headers['x-lang'];
      const lang = languageFromTag(typeof header === 'string' ? header : null) ?? DEFAULT_LANGUAGE;
      const order = await shoppersOrder(client, request, reply, body.data.number, lang);
      checkPayable(order, Date.now());
      let invoice;
      try {
        invoice = invoiceOf(order, lang, publicUrl);
      } catch (error) {
        if (!(error instanceof InvoiceSumError)) throw error;
        request.log.error(
          { order: order.number, err: error },
          'An order whose lines miss its total',
        );
        throw new ShopError('upstream_invalid', 'The shop sent an order that does not add up');
      }
      try {
        const url = await links.createInvoiceLink(
          invoice.title,
          invoice.description,
          invoice.payload,
          payments.providerToken,
          invoice.currency,
          invoice.prices,
          invoice.photoUrl === null ? {} : { photo_url: invoice.photoUrl },
        );
        return { url };
      } catch (error) {
        // The message only: grammY's error carries the call's payload, the provider token in it.
        const reason = error instanceof Error ? error.message : String(error);
        request.log.error({ reason, order: order.number }, 'createInvoiceLink failed');
        throw new ShopError('payment_unavailable', 'Telegram could not open the payment just now');
      }
    },
  );
}
