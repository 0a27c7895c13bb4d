import {
  CartResponseSchema,
  CustomerOrdersResponseSchema,
  OrderResponseSchema,
  ProductResponseSchema,
  ProductsResponseSchema,
  type CartItem,
  type Order,
} from '@shop/shared';
import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMethods, idempotencyKeys, orderItems, variants } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { call, catalog, signIn } from '../testing/http-client';
import { courierOrder, pickupOrder, type OrderLine } from '../testing/order-bodies';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../testing/test-backend';
import { IDEMPOTENCY_ATTEMPT_LEASE_MS } from './idempotency';
import { fingerprint } from './fingerprint';

const mug = FIXTURES.colourVariantProduct;
const pan = FIXTURES.discountedProduct;

function variant(product: { variants: readonly { id: number; price: number }[] }, index = 0) {
  const found = product.variants[index];
  if (!found) throw new Error('fixture has no such variant');
  return found;
}

describe.each(DATABASE_KINDS)('cart and orders on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    // One account places every order here; the per-account caps have their own tests
    // (order-limits.test.ts).
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS });
    ({ token, userId } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  async function stockOf(ids: number[]): Promise<Map<number, number>> {
    const rows = await t.db
      .select({ id: variants.id, quantity: variants.quantity })
      .from(variants)
      .where(inArray(variants.id, ids));
    return new Map(rows.map((row) => [row.id, row.quantity]));
  }

  async function setStock(id: number, quantity: number): Promise<void> {
    await t.db.update(variants).set({ quantity }).where(eq(variants.id, id));
  }

  // The phone as a shopper types it, spaces and all: orders take it so.
  const pickup = (items: OrderLine[], extra: object = {}) =>
    pickupOrder(items, { phone: '+998 90 111 22 33', ...extra });
  const courier = courierOrder;

  const order = (body: object, options: { token?: string; key?: string; lang?: string } = {}) =>
    call(t, 'POST', '/api/orders', {
      token: options.token ?? token,
      body,
      headers: {
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.lang ? { 'x-lang': options.lang } : {}),
      },
    });

  describe('cart', () => {
    const item: CartItem = {
      product_id: variant(mug).id,
      name: 'Chinni krujka 350 ml',
      img_url: '/media/products/porcelain-mug-1.svg',
      quantity: 2,
      attributes: [{ code: 'color', name: 'Rang', value: 'Oq' }],
      price: variant(mug).price,
      slug: mug.slug,
      mxit: mug.mxik,
      mxit_unit: mug.packageCode,
    };

    it('starts empty, stores what is pushed and answers it back', async () => {
      const { token: own } = await signIn(t);
      expect((await call(t, 'GET', '/api/profile/cart', { token: own })).body).toEqual([]);
      const saved = await call(t, 'POST', '/api/profile/cart', {
        token: own,
        body: { cart_data: [item] },
      });
      expect(saved.status).toBe(200);
      expect(CartResponseSchema.parse(saved.body)).toEqual([item]);
      expect((await call(t, 'GET', '/api/profile/cart', { token: own })).body).toEqual([item]);
      await call(t, 'POST', '/api/profile/cart', { token: own, body: { cart_data: [] } });
      expect((await call(t, 'GET', '/api/profile/cart', { token: own })).body).toEqual([]);
    });

    it('keeps carts per user and needs a token', async () => {
      const a = await signIn(t);
      const b = await signIn(t);
      await call(t, 'POST', '/api/profile/cart', { token: a.token, body: { cart_data: [item] } });
      expect((await call(t, 'GET', '/api/profile/cart', { token: b.token })).body).toEqual([]);
      expect((await call(t, 'GET', '/api/profile/cart')).status).toBe(401);
      expect((await call(t, 'POST', '/api/profile/cart', { body: { cart_data: [] } })).status).toBe(
        401,
      );
    });

    it('refuses a malformed cart with per-line details', async () => {
      const answer = await call(t, 'POST', '/api/profile/cart', {
        token,
        body: {
          cart_data: [
            { ...item, quantity: 0 },
            { ...item, mxit: '123' },
          ],
        },
      });
      expect(answer.status).toBe(400);
      const fields = (answer.body as { details: { field: string }[] }).details.map((d) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['cart_data.0.quantity', 'cart_data.1.mxit']));
      const tooMany = await call(t, 'POST', '/api/profile/cart', {
        token,
        body: { cart_data: Array.from({ length: 101 }, () => item) },
      });
      expect(tooMany.status).toBe(400);
    });

    it('is not touched by placing an order', async () => {
      const own = await signIn(t);
      await call(t, 'POST', '/api/profile/cart', { token: own.token, body: { cart_data: [item] } });
      expect(
        (
          await order(pickup([{ product_id: variant(mug, 1).id, quantity: 1 }]), {
            token: own.token,
          })
        ).status,
      ).toBe(201);
      expect((await call(t, 'GET', '/api/profile/cart', { token: own.token })).body).toEqual([
        item,
      ]);
    });
  });

  describe('placing an order', () => {
    it('prices from the catalogue, takes stock and answers 201 with the order', async () => {
      const mugVariant = variant(mug, 2);
      const panVariant = variant(pan, 1);
      const before = await stockOf([mugVariant.id, panVariant.id]);
      const answer = await order(
        courier([
          { product_id: mugVariant.id, quantity: 3 },
          { product_id: panVariant.id, quantity: 1 },
        ]),
        { lang: 'en' },
      );
      expect(answer.status, answer.text).toBe(201);
      const created = OrderResponseSchema.parse(answer.body).data;
      const subtotal = mugVariant.price * 3 + panVariant.price;
      expect(created).toMatchObject({
        status: 'new',
        subtotal,
        delivery_price: 30_000,
        total: subtotal + 30_000,
        delivery_type: 'courier',
        store: null,
        payment_type: 'on_receipt',
        recipient: { name: 'Aziz', surname: 'Rahimov', phone: '+998901112233' },
        address: {
          region: 'tashkent',
          address: 'Chilonzor 9-kvartal, 12-uy',
          flat: '34',
          floor: null,
        },
      });
      expect(created.number).toMatch(/^UY-\d{6}$/);
      expect(created.statuses).toEqual([{ status: 'new', at: t.clock.now().toISOString() }]);
      expect(created.items).toEqual([
        expect.objectContaining({
          product_id: mugVariant.id,
          slug: mug.slug,
          name: 'Porcelain mug 350 ml',
          attributes: [{ code: 'color', name: 'Colour', value: 'Mint' }],
          price: mugVariant.price,
          quantity: 3,
          total: mugVariant.price * 3,
          mxik: mug.mxik,
          package_code: mug.packageCode,
          img_url: '/media/products/porcelain-mug-3.svg',
        }),
        expect.objectContaining({
          product_id: panVariant.id,
          price: panVariant.price,
          quantity: 1,
        }),
      ]);
      const after = await stockOf([mugVariant.id, panVariant.id]);
      expect(after.get(mugVariant.id)).toBe((before.get(mugVariant.id) ?? 0) - 3);
      expect(after.get(panVariant.id)).toBe((before.get(panVariant.id) ?? 0) - 1);
    });

    it('refuses a price sent by the client instead of trusting or ignoring it', async () => {
      const answer = await order(
        pickup([{ product_id: variant(mug).id, quantity: 1, price: 1 } as never]),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'validation_error',
        details: [{ field: 'items.0' }],
      });
      const total = await order({
        ...pickup([{ product_id: variant(mug).id, quantity: 1 }]),
        total: 1,
      });
      expect(total.status).toBe(400);
    });

    it('makes pickup free, courier free from 1 000 000 and express 45 000', async () => {
      const cheap = [{ product_id: variant(mug, 3).id, quantity: 1 }];
      const pick = OrderResponseSchema.parse((await order(pickup(cheap))).body).data;
      expect(pick.delivery_price).toBe(0);
      expect(pick.store).toMatchObject({
        id: FIXTURES.storeIds[0],
        phone: expect.stringMatching(/^\+998 71 /),
      });
      expect(pick.address).toBeNull();
      const express = OrderResponseSchema.parse(
        (await order(courier(cheap, { delivery_type: 'express' }))).body,
      ).data;
      expect(express.delivery_price).toBe(45_000);
      const chair = variant(FIXTURES.expensiveProduct);
      const big = OrderResponseSchema.parse(
        (await order(courier([{ product_id: chair.id, quantity: 1 }]))).body,
      ).data;
      expect(big.subtotal).toBeGreaterThanOrEqual(1_000_000);
      expect(big.delivery_price).toBe(0);
      expect(big.total).toBe(big.subtotal);
    });

    it('answers 409 out_of_stock naming the items and leaves every stock unchanged', async () => {
      const [soldOutId] = FIXTURES.colourAndSizeSoldOutVariantIds;
      if (soldOutId === undefined) throw new Error('fixture missing');
      const available = variant(mug, 0);
      // One more than the stock stays within the 20 of one item an order may carry.
      await setStock(available.id, 19);
      const before = await stockOf([available.id, soldOutId]);
      const answer = await order(
        pickup([
          { product_id: available.id, quantity: 1 },
          { product_id: soldOutId, quantity: 1 },
        ]),
      );
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'out_of_stock',
        details: [{ field: 'items.1.quantity' }],
      });
      expect(await stockOf([available.id, soldOutId])).toEqual(before);

      const tooMany = await order(
        pickup([{ product_id: available.id, quantity: (before.get(available.id) ?? 0) + 1 }]),
      );
      expect(tooMany.status).toBe(409);
      expect(await stockOf([available.id])).toEqual(
        new Map([[available.id, before.get(available.id)]]),
      );
    });

    it('sells the last unit exactly once', async () => {
      const last = variant(FIXTURES.singleVariantProduct);
      await setStock(last.id, 1);
      expect((await order(pickup([{ product_id: last.id, quantity: 1 }]))).status).toBe(201);
      expect((await order(pickup([{ product_id: last.id, quantity: 1 }]))).status).toBe(409);
      expect((await stockOf([last.id])).get(last.id)).toBe(0);
    });

    it('shows the stock it takes at once, in products and listing counts, though both are cached', async () => {
      const product = FIXTURES.singleVariantProduct;
      const last = variant(product);
      await setStock(last.id, 2);
      // A filter no other test asks for, so no summary of it is cached before this one.
      const filter = { in_stock: true, price_min: last.price, price_max: last.price };
      const listed = async () =>
        ProductsResponseSchema.parse(
          (await catalog(t, 'POST', '/resources/products', { body: filter })).body,
        );
      const quantityShown = async () =>
        ProductResponseSchema.parse(
          (await catalog(t, 'GET', `/resources/product/${product.slug}`)).body,
        ).data.quantity;
      const before = await listed();
      expect(before.data.map((p) => p.slug)).toContain(product.slug);
      expect(await quantityShown()).toBe(2);

      expect((await order(pickup([{ product_id: last.id, quantity: 1 }]))).status).toBe(201);
      // One unit left: the product shows it at once; still in stock, so the counts stand.
      expect(await quantityShown()).toBe(1);
      expect((await listed()).meta.total).toBe(before.meta.total);

      expect((await order(pickup([{ product_id: last.id, quantity: 1 }]))).status).toBe(201);
      const after = await listed();
      expect(after.data.map((p) => p.slug)).not.toContain(product.slug);
      expect(after.meta.total).toBe(before.meta.total - 1);
      expect(after.facets.in_stock_count).toBe(before.facets.in_stock_count - 1);
    });

    it('answers 422 product_unavailable for unknown ids, product-level ids and legal-only products', async () => {
      for (const productId of [
        999_999,
        FIXTURES.colourVariantProduct.id,
        variant(FIXTURES.legalOnlyProduct).id,
        2 ** 40,
      ]) {
        const answer = await order(pickup([{ product_id: productId, quantity: 1 }]));
        expect(answer.status, String(productId)).toBe(422);
        expect(answer.body).toMatchObject({
          code: 'product_unavailable',
          details: [{ field: 'items.0.product_id' }],
        });
      }
    });

    it('lets a legal entity buy legal-only products', async () => {
      const legal = await signIn(t, FIXTURES.legalUser.phone);
      const answer = await order(
        pickup([{ product_id: variant(FIXTURES.legalOnlyProduct).id, quantity: 1 }]),
        { token: legal.token },
      );
      expect(answer.status).toBe(201);
    });

    it('takes a card order as unpaid, held for the payment time', async () => {
      const answer = await order(
        pickup([{ product_id: variant(mug).id, quantity: 1 }], { payment_type: 'card' }),
      );
      expect(answer.status).toBe(201);
      const placed = OrderResponseSchema.parse(answer.body).data;
      expect(placed).toMatchObject({
        payment_type: 'card',
        receipt_payment: null,
        payment_status: 'unpaid',
        pay_until: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
      });
      const cash = OrderResponseSchema.parse(
        (await order(pickup([{ product_id: variant(mug).id, quantity: 1 }]))).body,
      ).data;
      expect(cash).toMatchObject({
        receipt_payment: 'cash',
        payment_status: 'not_required',
        pay_until: null,
      });
    });

    it('needs an existing shop for pickup and an address for delivery', async () => {
      const items = [{ product_id: variant(mug).id, quantity: 1 }];
      const noStore = await order(pickup(items, { store_id: undefined }));
      expect(noStore.status).toBe(400);
      expect(noStore.body).toMatchObject({ details: [{ field: 'store_id' }] });
      for (const storeId of [99, 2 ** 40]) {
        const unknown = await order(pickup(items, { store_id: storeId }));
        expect(unknown.status).toBe(422);
        expect(unknown.body).toMatchObject({
          code: 'order_refused',
          details: [{ field: 'store_id', rule: 'store_required' }],
        });
      }
      const noAddress = await order(courier(items, { address: undefined }));
      expect(noAddress.status).toBe(400);
      expect(noAddress.body).toMatchObject({ details: [{ field: 'address' }] });
    });

    it('refuses express outside Tashkent with the rule, and a card on receipt to a courier', async () => {
      const items = [{ product_id: variant(mug).id, quantity: 1 }];
      const before = await stockOf([variant(mug).id]);
      const khiva = await order(
        courier(items, { delivery_type: 'express', region: 'khorezm', city: 'Xiva' }),
      );
      expect(khiva.status).toBe(422);
      expect(khiva.body).toMatchObject({
        code: 'order_refused',
        details: [{ field: 'region', rule: 'region_not_served' }],
      });
      const cardToCourier = await order(courier(items, { receipt_payment: 'card' }));
      expect(cardToCourier.status).toBe(422);
      expect(cardToCourier.body).toMatchObject({
        code: 'order_refused',
        details: [{ field: 'receipt_payment', rule: 'receipt_payment_not_allowed' }],
      });
      expect(await stockOf([variant(mug).id])).toEqual(before);
      // The same express order in Tashkent goes through.
      const tashkent = await order(courier(items, { delivery_type: 'express' }));
      expect(tashkent.status).toBe(201);
    });

    it('keeps the last delivery address and offers it at GET /api/profile/address', async () => {
      const own = await signIn(t);
      const empty = await call(t, 'GET', '/api/profile/address', { token: own.token });
      expect(empty.body).toEqual({ data: null });
      const items = [{ product_id: variant(mug).id, quantity: 1 }];
      await order(
        courier(items, {
          region: 'samarkand',
          city: 'Samarqand',
          address: 'Registon 1',
          location: { lat: 39.6547, lng: 66.9758 },
        }),
        { token: own.token },
      );
      // A pickup order has no address and leaves the saved one alone.
      await order(pickup(items), { token: own.token });
      const saved = await call(t, 'GET', '/api/profile/address', { token: own.token });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({
        data: {
          region: 'samarkand',
          city: 'Samarqand',
          address: 'Registon 1',
          flat: '34',
          entrance: null,
          floor: null,
          intercom: null,
          address_comment: null,
          location: { lat: 39.6547, lng: 66.9758 },
        },
      });
      // Someone else has none.
      const other = await signIn(t);
      expect((await call(t, 'GET', '/api/profile/address', { token: other.token })).body).toEqual({
        data: null,
      });
    });

    it('refuses bad orders with per-field details and needs a token', async () => {
      const answer = await order({
        items: [],
        delivery_type: 'drone',
        phone: '+998712004001',
        payment_type: 'cash',
      });
      expect(answer.status).toBe(400);
      const fields = (answer.body as { details: { field: string }[] }).details.map((d) => d.field);
      expect(fields).toEqual(
        expect.arrayContaining([
          'items',
          'delivery_type',
          'phone',
          'payment_type',
          'name',
          'surname',
        ]),
      );
      const dup = await order(
        pickup([
          { product_id: variant(mug).id, quantity: 1 },
          { product_id: variant(mug).id, quantity: 2 },
        ]),
      );
      expect(dup.status).toBe(400);
      expect(
        (
          await call(t, 'POST', '/api/orders', {
            body: pickup([{ product_id: variant(mug).id, quantity: 1 }]),
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('idempotency', () => {
    it('replays the first answer for the same key and body without taking stock twice', async () => {
      const v = variant(pan, 0);
      const body = pickup([{ product_id: v.id, quantity: 1 }]);
      const before = (await stockOf([v.id])).get(v.id) ?? 0;
      const first = await order(body, { key: 'order-key-0001' });
      expect(first.status).toBe(201);
      t.clock.advance(60_000);
      // Same content with keys in another order is the same request.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const second = await order(reordered, { key: 'order-key-0001' });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect((await stockOf([v.id])).get(v.id)).toBe(before - 1);
    });

    it('answers 422 idempotency_conflict for the same key with another body', async () => {
      const body = pickup([{ product_id: variant(pan, 0).id, quantity: 1 }]);
      expect((await order(body, { key: 'order-key-0002' })).status).toBe(201);
      const other = await order({ ...body, comment: 'ring twice' }, { key: 'order-key-0002' });
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_conflict' });
    });

    it('scopes keys per user and keeps them 24 hours', async () => {
      const body = pickup([{ product_id: variant(pan, 0).id, quantity: 1 }]);
      const first = await order(body, { key: 'order-key-0003' });
      const other = await signIn(t);
      const theirs = await order(body, { key: 'order-key-0003', token: other.token });
      expect(theirs.status).toBe(201);
      expect((theirs.body as { data: Order }).data.number).not.toBe(
        (first.body as { data: Order }).data.number,
      );

      t.clock.advance(23 * 3600 * 1000);
      expect((await order(body, { key: 'order-key-0003' })).body).toEqual(first.body);
      t.clock.advance(2 * 3600 * 1000);
      const fresh = await order(body, { key: 'order-key-0003' });
      expect(fresh.status).toBe(201);
      expect((fresh.body as { data: Order }).data.number).not.toBe(
        (first.body as { data: Order }).data.number,
      );
    });

    it('runs the same request again after a failed attempt, so a retry after a restock succeeds', async () => {
      const v = variant(FIXTURES.singleVariantProduct);
      await setStock(v.id, 0);
      const body = pickup([{ product_id: v.id, quantity: 1 }]);
      expect((await order(body, { key: 'order-key-0004' })).status).toBe(409);
      await setStock(v.id, 2);
      expect((await order(body, { key: 'order-key-0004' })).status).toBe(201);
    });

    it('refuses another body with a key whose first attempt failed, however it failed', async () => {
      const soldOut = variant(FIXTURES.singleVariantProduct);
      await setStock(soldOut.id, 0);
      const available = [{ product_id: variant(pan, 0).id, quantity: 1 }];
      const outOfStock = await order(pickup([{ product_id: soldOut.id, quantity: 1 }]), {
        key: 'order-key-0007',
      });
      expect(outOfStock.status).toBe(409);
      const other = await order(pickup(available), { key: 'order-key-0007' });
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_conflict' });

      // Refused by a delivery rule, before any stock was looked at.
      const khiva = await order(
        courier(available, { delivery_type: 'express', region: 'khorezm', city: 'Xiva' }),
        { key: 'order-key-0008' },
      );
      expect(khiva.body).toMatchObject({ code: 'order_refused' });
      const tashkent = await order(courier(available, { delivery_type: 'express' }), {
        key: 'order-key-0008',
      });
      expect(tashkent.status).toBe(422);
      expect(tashkent.body).toMatchObject({ code: 'idempotency_conflict' });
    });

    it('lets a retry take over a key whose attempt died, once its lease is over', async () => {
      const body = pickup([{ product_id: variant(pan, 0).id, quantity: 1 }]);
      // What a process that died in the middle of an attempt leaves behind.
      await t.db.insert(idempotencyKeys).values({
        userId,
        key: 'order-key-0009',
        requestHash: fingerprint(body),
        statusCode: 0,
        response: {},
        createdAt: t.clock.now(),
        attemptId: 'died-with-its-process',
        attemptStartedAt: t.clock.now(),
      });
      const early = await order(body, { key: 'order-key-0009' });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: 'conflict' });
      expect((await order({ ...body, comment: 'other' }, { key: 'order-key-0009' })).status).toBe(
        422,
      );

      t.clock.advance(IDEMPOTENCY_ATTEMPT_LEASE_MS);
      const late = await order(body, { key: 'order-key-0009' });
      expect(late.status, late.text).toBe(201);
      expect(late.headers['idempotent-replayed']).toBeUndefined();
      const again = await order(body, { key: 'order-key-0009' });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(late.body);
    });

    it('replays the first answer even after the settings changed', async () => {
      const body = courier([{ product_id: variant(pan, 0).id, quantity: 1 }], {
        delivery_type: 'express',
      });
      const first = await order(body, { key: 'order-key-0005' });
      expect(first.status).toBe(201);
      await t.db
        .update(deliveryMethods)
        .set({ enabled: false })
        .where(eq(deliveryMethods.type, 'express'));
      try {
        const again = await order(body, { key: 'order-key-0005' });
        expect(again.status).toBe(201);
        expect(again.body).toEqual(first.body);
        expect((await order(body, { key: 'order-key-0006' })).status).toBe(422);
      } finally {
        await t.db
          .update(deliveryMethods)
          .set({ enabled: true })
          .where(eq(deliveryMethods.type, 'express'));
      }
    });

    it('refuses a malformed key', async () => {
      const body = pickup([{ product_id: variant(pan, 0).id, quantity: 1 }]);
      for (const key of ['short', 'x'.repeat(201), 'has space in it']) {
        const answer = await order(body, { key });
        expect(answer.status, key).toBe(400);
        expect(answer.body).toMatchObject({ details: [{ field: 'idempotency-key' }] });
      }
    });
  });

  describe('reading orders', () => {
    it('answers the own order by number and 404 for anyone else', async () => {
      const created = OrderResponseSchema.parse(
        (await order(pickup([{ product_id: variant(mug).id, quantity: 1 }]))).body,
      ).data;
      const mine = await call(t, 'GET', `/api/orders/${created.number}`, { token });
      expect(mine.status).toBe(200);
      expect(OrderResponseSchema.parse(mine.body).data.id).toBe(created.id);
      const stranger = await signIn(t);
      const theirs = await call(t, 'GET', `/api/orders/${created.number}`, {
        token: stranger.token,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ code: 'not_found' });
      expect((await call(t, 'GET', '/api/orders/UY-999999', { token })).status).toBe(404);
      expect((await call(t, 'GET', '/api/orders/bad%20number', { token })).status).toBe(400);
      expect((await call(t, 'GET', `/api/orders/${created.number}`)).status).toBe(401);
    });

    it('names each line in the language the order is read in, whatever it was placed in', async () => {
      const productIn = async (lang: string) =>
        ProductResponseSchema.parse(
          (
            await catalog(t, 'GET', `/resources/product/${mug.slug}`, {
              headers: { 'x-lang': lang },
            })
          ).body,
        ).data;
      const [uz, ru, en] = await Promise.all([productIn('uz'), productIn('ru'), productIn('en')]);
      const id = variant(mug).id;
      const labelsOf = (product: typeof uz) =>
        product.variants.find((v) => v.product_id === id)?.attributes;
      const placed = OrderResponseSchema.parse(
        (await order(pickup([{ product_id: id, quantity: 1 }]), { lang: 'en' })).body,
      ).data;
      expect(placed.items[0]).toMatchObject({ name: en.name, attributes: labelsOf(en) });
      expect(placed.items[0]?.names).toEqual({
        uz: { name: uz.name, attributes: labelsOf(uz) },
        ru: { name: ru.name, attributes: labelsOf(ru) },
        en: { name: en.name, attributes: labelsOf(en) },
      });

      const read = async (lang: string) =>
        OrderResponseSchema.parse(
          (
            await call(t, 'GET', `/api/orders/${placed.number}`, {
              token,
              headers: { 'x-lang': lang },
            })
          ).body,
        ).data.items[0];
      expect(await read('uz')).toMatchObject({ name: uz.name, attributes: labelsOf(uz) });
      expect(await read('ru')).toMatchObject({ name: ru.name, attributes: labelsOf(ru) });
      const details = await catalog(
        t,
        'GET',
        `/customers/${userId}/orders/${placed.id}/details?resources[]=statuses`,
        { headers: { 'x-lang': 'uz' } },
      );
      expect(OrderResponseSchema.parse(details.body).data.items[0]?.name).toBe(uz.name);

      // A line written before the names were kept reads as it was bought, in every language...
      const asBought = `${en.name} (as bought)`;
      await t.db
        .update(orderItems)
        .set({ names: null, name: asBought })
        .where(eq(orderItems.variantId, id));
      const old = await read('uz');
      expect(old).toMatchObject({ name: asBought, attributes: labelsOf(en) });
      expect(old?.names).toBeUndefined();
      // ...until the migration that fills them in from the catalogue has run, which keeps the
      // order's own language as bought.
      const backfill = await readFile(
        new URL('../../drizzle/0012_order-line-names-backfill.sql', import.meta.url),
        'utf8',
      );
      await t.db.execute(sql.raw(backfill));
      expect(await read('uz')).toMatchObject({ name: uz.name, attributes: labelsOf(uz) });
      expect(await read('ru')).toMatchObject({ name: ru.name, attributes: labelsOf(ru) });
      expect(await read('en')).toMatchObject({ name: asBought, attributes: labelsOf(en) });
    });

    it('lists a customer’s orders newest first on the catalogue backend, with details', async () => {
      const list = await catalog(t, 'GET', `/customers/${userId}/orders?per_page=2`);
      expect(list.status).toBe(200);
      const parsed = CustomerOrdersResponseSchema.parse(list.body);
      expect(parsed.data).toHaveLength(2);
      expect(parsed.meta.per_page).toBe(2);
      expect(parsed.meta.total).toBeGreaterThan(2);
      const [newest, older] = parsed.data;
      expect(newest && older && newest.created_at >= older.created_at).toBe(true);
      const details = await catalog(
        t,
        'GET',
        `/customers/${userId}/orders/${newest?.id ?? 0}/details?resources[]=statuses`,
      );
      expect(details.status).toBe(200);
      expect(OrderResponseSchema.parse(details.body).data.statuses[0]?.status).toBe('new');
      const stranger = await signIn(t);
      expect(
        (await catalog(t, 'GET', `/customers/${stranger.userId}/orders/${newest?.id ?? 0}/details`))
          .status,
      ).toBe(404);
      expect(
        CustomerOrdersResponseSchema.parse(
          (await catalog(t, 'GET', `/customers/${stranger.userId}/orders`)).body,
        ).data,
      ).toEqual([]);
      expect((await catalog(t, 'GET', '/customers/9999999999999999/orders')).status).toBe(200);
      expect((await catalog(t, 'GET', `/customers/0/orders`)).status).toBe(400);
      expect((await call(t, 'GET', `/backend/api/ext/v1/customers/${userId}/orders`)).status).toBe(
        401,
      );
    });
  });
});
