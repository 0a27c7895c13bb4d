import { CALLS, HEADERS } from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { Route } from '../http/route-binder';
import type { OrderService } from './order-service';
import { fingerprint } from './fingerprint';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

export function registerOrderRoutes(route: Route, orders: OrderService): void {
  route(CALLS.createOrder, async ({ user, body, rawBody, lang, request, reply }) => {
    const header = request.headers[HEADERS.idempotencyKey];
    let idempotency = null;
    if (header !== undefined) {
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
        throw new ShopError('validation_error', 'Invalid Idempotency-Key header', {
          details: [
            { field: HEADERS.idempotencyKey, message: '8 to 200 visible ASCII characters' },
          ],
        });
      }
      idempotency = { key: header, fingerprint: fingerprint(rawBody) };
    }
    const result = await orders.createOrder(user.id, body, lang, idempotency);
    void reply.code(result.status);
    if (result.kind === 'replayed') void reply.header(HEADERS.idempotentReplayed, 'true');
    return result.body;
  });

  route(CALLS.getOrder, async ({ user, params, lang }) => ({
    data: await orders.orderByNumber(user.id, params.tid, lang),
  }));
}
