// POST /tg/order-events: where a backend pushes order events (at least once). The signature is
// checked on the raw bytes before anything is parsed, and each event is stored once by id.
import { OrderEventsDeliverySchema, fieldErrors } from '@shop/shared';
import { checkOrderEventsSignature, ShopError } from '@shop/shared/server';
import type { FastifyInstance } from 'fastify';
import type { NotifierStore } from './store';

export const ORDER_EVENTS_PATH = '/tg/order-events';
/** 100 orders of 50 lines each fit in well under this. */
const ORDER_EVENTS_BODY_LIMIT = 4 * 1024 * 1024;

export interface OrderEventsRouteOptions {
  store: NotifierStore;
  secret: string;
  /** Called after new events were stored, so the sender looks at once. */
  onStored: () => void;
  now?: () => Date;
}

export async function registerOrderEvents(
  app: FastifyInstance,
  options: OrderEventsRouteOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  await app.register((scope, _options, ready) => {
    // The raw text is what was signed: parse it only once the signature holds.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: ORDER_EVENTS_BODY_LIMIT },
      (_request, text: string, done) => {
        done(null, text);
      },
    );
    scope.post(ORDER_EVENTS_PATH, { bodyLimit: ORDER_EVENTS_BODY_LIMIT }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const check = checkOrderEventsSignature(
        options.secret,
        raw,
        request.headers,
        now().getTime(),
      );
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'Order events refused: bad signature');
        throw new ShopError('unauthorized', 'The delivery is not signed, or not recently');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new ShopError('bad_request', 'The request body is not valid JSON');
      }
      const parsed = OrderEventsDeliverySchema.safeParse(json);
      if (!parsed.success) {
        throw new ShopError('validation_error', 'Some fields are not valid', {
          details: fieldErrors(parsed.error),
        });
      }
      const fresh = await options.store.recordEvents(parsed.data.events, now());
      if (fresh.length > 0) options.onStored();
      return { received: parsed.data.events.length, stored: fresh.length };
    });
    ready();
  });
}
