// Ill-formed text (a lone UTF-16 surrogate, a NUL, bytes that are not UTF-8) through the real relay
// in front of the real embedded backend: a 400 from the relay, which the backend never sees, and
// the Idempotency-Key stays free, so the corrected order under the same key is placed. Before, a
// lone surrogate in a cart string or a courier field came back as a 502 and used the key up.
import { ApiErrorSchema, type CartItem } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayStand, type InjectAnswer, type RelayStand } from '../testing/relay-stand';

const CATALOG = '/backend/api/ext/v1';
const LONE = 'a\ud800b';

let stand: RelayStand;
let phones = 0;
let cartItem: CartItem;
let variantId = 0;

beforeAll(async () => {
  stand = await startRelayStand({ upstreamTimeoutMs: 10_000, logLevel: 'warn' });
  const product = await stand.app.inject({
    url: `${CATALOG}/resources/product/porcelain-mug`,
    headers: { 'x-lang': 'uz' },
  });
  const data = product.json<{
    data: {
      slug: string;
      name: string;
      mxik: string;
      package_code: string;
      variants: { product_id: number; price: number; quantity: number }[];
    };
  }>().data;
  const variant = [...data.variants].sort((a, b) => b.quantity - a.quantity)[0];
  if (!variant) throw new Error('the mug has no variant');
  variantId = variant.product_id;
  cartItem = {
    product_id: variant.product_id,
    name: data.name,
    img_url: '/media/products/porcelain-mug-1.svg',
    quantity: 1,
    attributes: [{ code: 'color', name: 'Rang', value: 'Oq' }],
    price: variant.price,
    slug: data.slug,
    mxit: data.mxik,
    mxit_unit: data.package_code,
  };
});

afterAll(async () => {
  await stand.close();
});

/** A shopper of their own per test: the open-order cap stays out of the way. */
function signIn(): Promise<{ token: string }> {
  phones += 1;
  return stand.signIn(`+99890777${String(1000 + phones)}`);
}

/** The relay's answer, and how many requests reached the backend meanwhile. */
async function send(request: InjectOptions): Promise<{ answer: InjectAnswer; reached: number }> {
  const before = stand.proxy.requests.length;
  const answer = await stand.app.inject(request);
  return { answer, reached: stand.proxy.requests.length - before };
}

function expectRefused(
  { answer, reached }: { answer: InjectAnswer; reached: number },
  code: string,
  field?: string,
): void {
  expect(answer.statusCode, answer.body).toBe(400);
  const error = ApiErrorSchema.parse(answer.json());
  expect(error.code).toBe(code);
  if (field !== undefined) expect(error.details?.map((d) => d.field)).toContain(field);
  expect(reached, 'requests that reached the backend').toBe(0);
}

const CART_FIELDS: [string, (text: string) => Partial<CartItem>][] = [
  ['cart_data.0.name', (text) => ({ name: text })],
  ['cart_data.0.img_url', (text) => ({ img_url: text })],
  ['cart_data.0.slug', (text) => ({ slug: text })],
  [
    'cart_data.0.attributes.0.code',
    (text) => ({ attributes: [{ code: text, name: 'R', value: 'O' }] }),
  ],
  [
    'cart_data.0.attributes.0.name',
    (text) => ({ attributes: [{ code: 'c', name: text, value: 'O' }] }),
  ],
  [
    'cart_data.0.attributes.0.value',
    (text) => ({ attributes: [{ code: 'c', name: 'R', value: text }] }),
  ],
];

const COURIER_FIELDS = [
  'address',
  'city',
  'flat',
  'entrance',
  'floor',
  'intercom',
  'address_comment',
];

function courierOrder(extra: Record<string, string>): object {
  return {
    items: [{ product_id: variantId, quantity: 1 }],
    delivery_type: 'courier',
    region: 'tashkent',
    city: 'Toshkent',
    address: 'Chilonzor 9-kvartal, 12-uy',
    name: 'Dilnoza',
    surname: 'Karimova',
    phone: '+998901117788',
    payment_type: 'on_receipt',
    ...extra,
  };
}

describe('ill-formed text through the relay', () => {
  it.each(CART_FIELDS)('refuses a lone surrogate in the cart at %s', async (field, change) => {
    const { token } = await signIn();
    const saved = await send({
      method: 'POST',
      url: '/api/profile/cart',
      headers: { authorization: `Bearer ${token}` },
      payload: { cart_data: [{ ...cartItem, ...change(LONE) }] },
    });
    expectRefused(saved, 'validation_error', field);
    const cart = await stand.app.inject({
      url: '/api/profile/cart',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cart.json()).toEqual([]);
  });

  it.each(COURIER_FIELDS)(
    'refuses a lone surrogate at %s and places the corrected order under the same key',
    async (field) => {
      const { token } = await signIn();
      const headers = {
        authorization: `Bearer ${token}`,
        'idempotency-key': `relay-text-${field}`,
      };
      const bad = await send({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: courierOrder({ [field]: `12 ${LONE}` }),
      });
      expectRefused(bad, 'validation_error', field);
      const good = await stand.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: courierOrder({ [field]: '12' }),
      });
      expect(good.statusCode, good.body).toBe(201);
    },
  );

  it('refuses a body whose bytes are not UTF-8', async () => {
    const { token } = await signIn();
    const bytes = Buffer.from(JSON.stringify({ cart_data: [{ ...cartItem, name: 'XXX' }] }));
    bytes.set([0xed, 0xa0, 0x80], bytes.indexOf('XXX'));
    const saved = await send({
      method: 'POST',
      url: '/api/profile/cart',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: bytes,
    });
    expectRefused(saved, 'bad_request');
  });

  // A query is percent-decoded as UTF-8: a broken sequence stays as its literal text, so no
  // surrogate can come from one; a NUL can, and the relay refuses it itself. Headers are read as
  // Latin-1, one character per byte, so none holds a surrogate either.
  it('searches a broken percent sequence as text and refuses a NUL in a query', async () => {
    const broken = await send({ url: `${CATALOG}/resources/products/search?q=%ED%A0%80` });
    expect(broken.answer.statusCode, broken.answer.body).toBe(200);
    expectRefused(
      await send({ url: `${CATALOG}/resources/products/search?q=a%00b` }),
      'validation_error',
      'q',
    );
  });
});
