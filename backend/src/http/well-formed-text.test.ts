// Ill-formed text (a lone UTF-16 surrogate, a NUL, bytes that are not UTF-8) anywhere in a request
// is refused with a 400 naming the field, before anything is stored or an Idempotency-Key is taken:
// the corrected request under the same key then goes through. Straight at the backend, on PGlite
// and (with TEST_DATABASE_URL) PostgreSQL, whose text columns are what the surrogate broke.
import { ApiErrorSchema, type CartItem } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../seed/fixtures';
import { call, catalog, signIn, type Answer } from '../testing/http-client';
import { courierOrder } from '../testing/order-bodies';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

const LONE = 'a\ud800b';
const mug = FIXTURES.colourVariantProduct;
const mugVariant = mug.variants[0];
if (!mugVariant) throw new Error('fixture has no variant');

const cartItem: CartItem = {
  product_id: mugVariant.id,
  name: 'Chinni krujka 350 ml',
  img_url: '/media/products/porcelain-mug-1.svg',
  quantity: 1,
  attributes: [{ code: 'color', name: 'Rang', value: 'Oq' }],
  price: mugVariant.price,
  slug: mug.slug,
  mxit: mug.mxik,
  mxit_unit: mug.packageCode,
};

/** The cart item with `text` put into one string field, named by its path in the body. */
const CART_FIELDS: [string, (text: string) => CartItem][] = [
  ['cart_data.0.name', (text) => ({ ...cartItem, name: text })],
  ['cart_data.0.img_url', (text) => ({ ...cartItem, img_url: text })],
  ['cart_data.0.slug', (text) => ({ ...cartItem, slug: text })],
  [
    'cart_data.0.attributes.0.code',
    (text) => ({ ...cartItem, attributes: [{ code: text, name: 'Rang', value: 'Oq' }] }),
  ],
  [
    'cart_data.0.attributes.0.name',
    (text) => ({ ...cartItem, attributes: [{ code: 'color', name: text, value: 'Oq' }] }),
  ],
  [
    'cart_data.0.attributes.0.value',
    (text) => ({ ...cartItem, attributes: [{ code: 'color', name: 'Rang', value: text }] }),
  ],
];

const ORDER_FIELDS = [
  'address',
  'city',
  'flat',
  'entrance',
  'floor',
  'intercom',
  'address_comment',
  'comment',
  'name',
  'surname',
];

function expectIllFormed(answer: Answer, field: string): void {
  expect(answer.status, answer.text).toBe(400);
  const error = ApiErrorSchema.parse(answer.body);
  expect(error.code).toBe('validation_error');
  expect(error.details?.map((detail) => detail.field)).toContain(field);
}

describe.each(DATABASE_KINDS)('ill-formed text on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    // Every field gets an order of its own: more than the open-order cap lets one account hold.
    t = await createTestBackend({ kind, orderLimits: { openUnpaidOrders: 50, ordersPerDay: 50 } });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(CART_FIELDS)('refuses a lone surrogate in the cart at %s', async (field, withText) => {
    const saved = await call(t, 'POST', '/api/profile/cart', {
      token,
      body: { cart_data: [withText(LONE)] },
    });
    expectIllFormed(saved, field);
    expect((await call(t, 'GET', '/api/profile/cart', { token })).body).toEqual([]);
  });

  it.each(ORDER_FIELDS)(
    'refuses a lone surrogate in the order at %s, leaving the key for the corrected retry',
    async (field) => {
      const key = `text-${field}-${kind}-0000`;
      const items = [{ product_id: mugVariant.id, quantity: 1 }];
      const headers = { 'idempotency-key': key };
      const bad = await call(t, 'POST', '/api/orders', {
        token,
        headers,
        body: courierOrder(items, { [field]: `Chilonzor ${LONE}` }),
      });
      expectIllFormed(bad, field);
      const good = await call(t, 'POST', '/api/orders', {
        token,
        headers,
        body: courierOrder(items, { [field]: 'Chilonzor' }),
      });
      expect(good.status, good.text).toBe(201);
    },
  );

  it('refuses a lone surrogate in an object key the contract would drop', async () => {
    const attribute = '{"code":"color","name":"Rang","value":"Oq","\\udc00":1}';
    const item = JSON.stringify({ ...cartItem, attributes: [] }).replace('[]', `[${attribute}]`);
    const answer = await call(t, 'POST', '/api/profile/cart', {
      token,
      rawBody: `{"cart_data":[${item}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status, answer.text).toBe(400);
    expect((await call(t, 'GET', '/api/profile/cart', { token })).body).toEqual([]);
  });

  it('refuses a body whose bytes are not UTF-8 instead of reading them as U+FFFD', async () => {
    const text = JSON.stringify({ cart_data: [{ ...cartItem, name: 'Krujka XXX' }] });
    const bytes = Buffer.from(text, 'utf8');
    // 0xED 0xA0 0x80 is how a surrogate would look in UTF-8, which UTF-8 forbids.
    bytes.set([0xed, 0xa0, 0x80], bytes.indexOf('XXX'));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/profile/cart',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: bytes,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(ApiErrorSchema.parse(answer.json()).code).toBe('bad_request');
    expect((await call(t, 'GET', '/api/profile/cart', { token })).body).toEqual([]);
  });

  it('keeps well-formed text outside the Basic Multilingual Plane', async () => {
    const named = { ...cartItem, name: 'Krujka 😀 𝒜' };
    const saved = await call(t, 'POST', '/api/profile/cart', {
      token,
      body: { cart_data: [named] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(t, 'GET', '/api/profile/cart', { token })).body).toEqual([named]);
    await call(t, 'POST', '/api/profile/cart', { token, body: { cart_data: [] } });
  });

  // A query string is percent-decoded as UTF-8: a broken sequence stays as its literal '%ED%A0%80',
  // so no surrogate can come from it; a NUL can, and is refused like one in a body.
  it('searches for a broken percent sequence as its literal text, and refuses a NUL', async () => {
    const broken = await catalog(t, 'GET', '/resources/products/search?q=%ED%A0%80');
    expect(broken.status, broken.text).toBe(200);
    const nul = await catalog(t, 'GET', '/resources/products/search?q=a%00b');
    expect(nul.status, nul.text).toBe(400);
    expect(ApiErrorSchema.parse(nul.body).code).toBe('validation_error');
  });
});
