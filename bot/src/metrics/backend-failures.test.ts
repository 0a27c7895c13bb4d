import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { figure, parseScrape, type Series } from '../testing/scrape';
import { makeFakeDist } from '../testing/temp-dist';
import { startStandInUpstream, type StandIn } from '../testing/upstream-stand-ins';
import { createShopMetrics, type ShopMetrics } from './shop-metrics';

/**
 * A backend gone wrong, as an outside backend can: the figures name each failure by backend,
 * call and kind (slow, down, breaking the contract, failing), and count what the shopper lost
 * by it: a charge the processor could not make, an order and a sign-in code not placed or sent.
 */

const SHOPPER = { authorization: 'Bearer shopper-token-0123456789abcdef', 'x-lang': 'en' };

let upstream: StandIn;
let app: FastifyInstance;
let metrics: ShopMetrics;
let removeDist: () => Promise<void>;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  upstream = await startStandInUpstream((request, res) => {
    const path = request.url.split('?')[0];
    if (path === '/api/orders/UY-001001/pay') {
      // The card processor did not answer: the backend's own 503, passed on as it is.
      json(res, 503, { code: 'payment_unavailable', message: 'The card processor is away' });
    } else if (path === '/api/orders') {
      json(res, 500, { code: 'internal_error', message: 'boom' });
    } else if (path === '/api/auth/send-otp') {
      res.socket?.destroy();
    } else if (path === '/api/store/stores') {
      // Never answers: the relay's deadline ends it.
    } else {
      json(res, 200, { unexpected: true });
    }
  });
  const dist = await makeFakeDist();
  removeDist = dist.remove;
  metrics = createShopMetrics();
  app = await buildServer({
    webappDist: dist.dir,
    upstreams: {
      ecommerceUrl: upstream.url,
      catalogUrl: upstream.url,
      catalogApiKey: 'stand-in-catalog-key-5f1c2a9e',
    },
    upstreamTimeoutMs: 300,
    metrics: { figures: metrics, token: null },
    log: { level: 'fatal' },
  });
}, 60_000);

afterAll(async () => {
  await app.close();
  await upstream.close();
  await removeDist();
});

async function scrape(): Promise<Series[]> {
  return parseScrape((await metrics.scrape()).body);
}

describe('figures of a failing backend', () => {
  it('count each failure by backend, call and kind, and what the shopper lost by it', async () => {
    const paid = await app.inject({
      method: 'POST',
      url: '/api/orders/UY-001001/pay',
      headers: SHOPPER,
      payload: { card_id: 7 },
    });
    expect(paid.json()).toMatchObject({ code: 'payment_unavailable' });
    const ordered = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: SHOPPER,
      payload: {
        items: [{ product_id: 1, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: 1,
        name: 'Aziz',
        surname: 'Rahimov',
        phone: '+998901112233',
        payment_type: 'on_receipt',
      },
    });
    expect(ordered.statusCode).toBe(502);
    const code = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { phone: '+998901112233' },
    });
    expect(code.statusCode).toBe(502);
    expect((await app.inject({ url: '/api/store/stores' })).statusCode).toBe(504);
    const home = await app.inject({
      url: '/backend/api/ext/v1/resources/home',
      headers: { 'x-lang': 'en' },
    });
    expect(home.statusCode).toBe(502);

    const figures = await scrape();
    const calls = (labels: Record<string, string>) =>
      figure(figures, 'shop_backend_requests_total', labels);
    expect(calls({ backend: 'ecommerce', call: 'payOrder', outcome: 'error' })).toBe(1);
    expect(calls({ backend: 'ecommerce', call: 'createOrder', outcome: 'unavailable' })).toBe(1);
    expect(calls({ backend: 'ecommerce', call: 'sendOtp', outcome: 'unavailable' })).toBe(1);
    expect(calls({ backend: 'ecommerce', call: 'stores', outcome: 'timeout' })).toBe(1);
    expect(calls({ backend: 'catalog', call: 'home', outcome: 'invalid' })).toBe(1);
    expect(
      figure(figures, 'shop_backend_request_duration_seconds_sum', { call: 'stores' }),
    ).toBeGreaterThanOrEqual(0.25);

    expect(figure(figures, 'shop_card_charges_total', { outcome: 'failed' })).toBe(1);
    expect(figure(figures, 'shop_card_charges_total', { outcome: 'paid' })).toBe(0);
    expect(figure(figures, 'shop_orders_refused_total', { code: 'upstream_unavailable' })).toBe(1);
    expect(figure(figures, 'shop_orders_placed_total')).toBe(0);
    expect(
      figure(figures, 'shop_sign_in_codes_failed_total', { code: 'upstream_unavailable' }),
    ).toBe(1);
    expect(
      figure(figures, 'http_requests_total', { route: '/api/store/stores', status: '504' }),
    ).toBe(1);
    // No notifier here: the waiting messages are not made up, they are left out.
    expect(figure(figures, 'shop_bot_messages_waiting')).toBeUndefined();
  });
});
