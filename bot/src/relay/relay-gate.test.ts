import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';

/**
 * The relay in front of the real reference backend. A recording pass-through sits between the
 * two so each test can see exactly what reached the backend (and what did not).
 */

const CATALOG = '/backend/api/ext/v1';

let stand: RelayStand;
/** Every answer the browser got in this file, to search for the key at the end. */
const answers: LightMyRequestResponse[] = [];
let seenBefore = 0;
const tokens: string[] = [];

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await stand.app.inject(options);
  answers.push(res);
  return res;
}

/** Requests that reached the backend since the current test began. */
function reached() {
  return stand.proxy.requests.slice(seenBefore);
}

async function signIn(phone: string): Promise<{ token: string; id: number }> {
  const sent = await call({
    method: 'POST',
    url: '/api/auth/send-otp',
    payload: { phone, user_type: 'null' },
  });
  expect(sent.statusCode).toBe(200);
  const otp = await stand.lastCode(phone);
  expect(otp).toBeDefined();
  const verified = await call({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone, otp },
  });
  expect(verified.statusCode).toBe(200);
  const body = verified.json<{ access_token: string; user: { id: number } }>();
  tokens.push(body.access_token);
  return { token: body.access_token, id: body.user.id };
}

beforeAll(async () => {
  // Everything the server can log, so the key check below covers every line.
  stand = await startRelayStand({ upstreamTimeoutMs: 10_000, logLevel: 'trace' });
});

afterAll(async () => {
  await stand.close();
});

beforeEach(() => {
  seenBefore = stand.proxy.requests.length;
});

describe('relay in front of the reference backend', () => {
  it('adds the API key to catalogue calls, and the backend needs it', async () => {
    const withoutKey = await fetch(`${stand.backend.url}${CATALOG}/resources/home`);
    expect(withoutKey.status).toBe(401);

    const home = await call({ url: `${CATALOG}/resources/home`, headers: { 'x-lang': 'ru' } });
    expect(home.statusCode).toBe(200);
    const [seen] = reached();
    expect(seen?.headers['x-api-key']).toBe(stand.backend.catalogApiKey);
    expect(seen?.headers['x-lang']).toBe('ru');
  });

  it('relays each catalogue call of the contract', async () => {
    const categories = await call({
      url: `${CATALOG}/resources/categories`,
      headers: { 'x-account-type': 'null' },
    });
    expect(categories.statusCode).toBe(200);
    expect(categories.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);

    const alias = await call({
      url: '/api/categories',
      headers: { 'x-lang': 'en', 'x-account-type': 'individual' },
    });
    expect(alias.statusCode).toBe(200);
    expect(reached().at(-1)?.url).toBe(`${CATALOG}/resources/categories`);

    const product = await call({
      url: `${CATALOG}/resources/product/granite-frying-pan?resources[]=relateds`,
    });
    expect(product.statusCode).toBe(200);
    expect(product.json<{ data: { slug: string } }>().data.slug).toBe('granite-frying-pan');
    expect(reached().at(-1)?.url).toBe(
      `${CATALOG}/resources/product/granite-frying-pan?resources%5B%5D=relateds`,
    );

    const search = await call({ url: `${CATALOG}/resources/products/search?q=pan` });
    expect(search.statusCode).toBe(200);

    const products = await call({
      method: 'POST',
      url: `${CATALOG}/resources/products`,
      payload: { sort: 'price_asc', per_page: 5 },
    });
    expect(products.statusCode).toBe(200);
    expect(products.json<{ data: unknown[] }>().data.length).toBeLessThanOrEqual(5);
    for (const request of reached())
      expect(request.headers['x-api-key']).toBe(stand.backend.catalogApiKey);
  });

  it('sends ecommerce calls without the key, and only allow-listed headers', async () => {
    const stores = await call({
      url: '/api/store/stores',
      headers: {
        cookie: 'lang=ru; session=abc',
        'x-lang': 'ru',
        'x-debug': '1',
        'accept-language': 'ru-RU',
      },
    });
    expect(stores.statusCode).toBe(200);
    const [seen] = reached();
    expect(seen?.headers['x-api-key']).toBeUndefined();
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers['x-debug']).toBeUndefined();
    expect(seen?.headers['x-lang']).toBe('ru');
    expect(seen?.headers['accept-language']).toBe('ru-RU');
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('streams media from the catalogue backend without the key', async () => {
    const product = await call({ url: `${CATALOG}/resources/product/granite-frying-pan` });
    const image = product.json<{ data: { images: { url: string }[] } }>().data.images[0]?.url ?? '';
    const path = new URL(image, 'http://shop.local').pathname;
    expect(path).toMatch(/^\/media\//);
    seenBefore = stand.proxy.requests.length;
    const res = await call({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(reached()[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('answers calls outside the contract with its own 404, asking no backend', async () => {
    for (const url of [
      '/api/admin/users',
      '/api/orders/1/cancel',
      `${CATALOG}/resources/secrets`,
      `${CATALOG}/customers`,
    ]) {
      const res = await call({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
    expect(reached()).toHaveLength(0);
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const del = await call({ method: 'DELETE', url: '/api/profile/cart' });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, POST');
    expect(del.json()).toMatchObject({ code: 'method_not_allowed' });
    const get = await call({ url: '/api/auth/send-otp' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(reached()).toHaveLength(0);
  });

  it('checks requests against the contract before any backend sees them', async () => {
    const phone = await call({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { phone: '12345', user_type: 'null' },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({
      code: 'validation_error',
      details: [{ field: 'phone', message: expect.stringContaining('+998') }],
    });

    const extra = await call({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { phone: '+998901234567', otp: '12', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(
      extra
        .json<{ details: { field: string }[] }>()
        .details.map((d) => d.field)
        .sort(),
    ).toEqual(['(root)', 'otp']);

    const slug = await call({ url: `${CATALOG}/resources/product/Not_A_Slug` });
    expect(slug.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'slug' }] });

    const query = await call({ url: '/api/store/stores?debug=1' });
    expect(query.statusCode).toBe(400);

    const search = await call({ url: `${CATALOG}/resources/products/search?q=` });
    expect(search.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'q' }] });

    const noBody = await call({
      method: 'POST',
      url: `${CATALOG}/resources/products`,
      headers: { 'content-type': 'application/json' },
    });
    expect(noBody.statusCode).toBe(400);

    expect(reached()).toHaveLength(0);
  });

  it('asks for a token on bearer calls before any backend sees them', async () => {
    for (const url of ['/api/auth/user', '/api/profile/cart', '/api/payments/cards']) {
      const res = await call({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ code: 'unauthorized' });
    }
    expect(reached()).toHaveLength(0);
  });

  it('signs in, keeps the cart and places an order through the relay', async () => {
    const { token } = await signIn('+998 90 111 22 33');
    const auth = { authorization: `Bearer ${token}` };
    const user = await call({ url: '/api/auth/user', headers: auth });
    expect(user.json()).toMatchObject({ phone: expect.stringContaining('901112233') });
    expect(user.headers['cache-control']).toBe('no-store');

    const product = await call({ url: `${CATALOG}/resources/product/granite-frying-pan` });
    const variant = product.json<{ data: { variants: { product_id: number }[] } }>().data
      .variants[0];
    const stores = await call({ url: '/api/store/stores' });
    const store = stores.json<{ data: { id: number }[] }>().data[0];

    // The API description writes POST /api/orders/ with a trailing slash; both spellings are one
    // call.
    const order = await call({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...auth, 'idempotency-key': 'order-relay-test-0001-abcdefgh' },
      payload: {
        items: [{ product_id: variant?.product_id, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: store?.id,
        name: 'Dilnoza',
        surname: 'Karimova',
        phone: '+998901112233',
        payment_type: 'on_receipt',
      },
    });
    expect([200, 201]).toContain(order.statusCode);
    expect(reached().at(-1)?.headers['idempotency-key']).toBe('order-relay-test-0001-abcdefgh');
    const number = order.json<{ data: { number: string } }>().data.number;
    const again = await call({ url: `/api/orders/${encodeURIComponent(number)}`, headers: auth });
    expect(again.statusCode).toBe(200);
  });

  it("tells the browser an order answer is the backend's replay (Idempotent-Replayed)", async () => {
    const shopper = await signIn('+998 90 222 33 44');
    const order = { slug: 'granite-frying-pan', idempotencyKey: 'order-replay-test-0001-abcdefgh' };
    const first = await stand.placePickupOrder(shopper, order);
    answers.push(first);
    expect([200, 201]).toContain(first.statusCode);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await stand.placePickupOrder(shopper, order);
    answers.push(again);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('lets customer-scoped calls through only for that customer', async () => {
    const alice = await signIn('+998 93 444 55 66');
    const bob = await signIn('+998 94 777 88 99');
    const url = `${CATALOG}/customers/${alice.id}/orders?page=1`;

    const none = await call({ url });
    expect(none.statusCode).toBe(401);

    const forged = await call({
      url,
      headers: { authorization: 'Bearer not-a-real-token-0123456789' },
    });
    expect(forged.statusCode).toBe(401);

    const other = await call({ url, headers: { authorization: `Bearer ${bob.token}` } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden' });

    const own = await call({ url, headers: { authorization: `Bearer ${alice.token}` } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ data: expect.any(Array), meta: { page: 1 } });
    // The orders call itself reached the catalogue only for Alice, with the key.
    const ordersCalls = reached().filter((request) =>
      request.url.startsWith(`${CATALOG}/customers/`),
    );
    expect(ordersCalls).toHaveLength(1);
    expect(ordersCalls[0]?.headers['x-api-key']).toBe(stand.backend.catalogApiKey);

    const details = await call({
      url: `${CATALOG}/customers/${alice.id}/orders/1/details?resources[]=statuses`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(details.statusCode).toBe(403);
  });

  it('never lets the API key out (no answer, no header, no log line), nor tokens into the log', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const res of answers) {
      expect(res.body).not.toContain(stand.backend.catalogApiKey);
      expect(JSON.stringify(res.headers)).not.toContain(stand.backend.catalogApiKey);
    }
    expect(stand.logs.lines.length).toBeGreaterThan(30);
    expect(stand.logs.text()).not.toContain(stand.backend.catalogApiKey);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(stand.logs.text()).not.toContain(token);
  });
});
