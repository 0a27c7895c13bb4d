import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';

/**
 * The relay's stored catalogue answers and the stock an order meets: after an order is placed,
 * or refused for want of stock, the next product read comes from the backend, not from memory.
 */

const PRODUCT = '/backend/api/ext/v1/resources/product/';

let stand: RelayStand;
let seenBefore = 0;

interface Variant {
  product_id: number;
  quantity: number;
}

async function variants(slug: string): Promise<Variant[]> {
  const answer = await stand.app.inject({ url: PRODUCT + slug, headers: { 'x-lang': 'en' } });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ data: { variants: Variant[] } }>().data.variants;
}

/** How many reads of `slug` reached the backend since the test began. */
function productReads(slug: string): number {
  return stand.proxy.requests
    .slice(seenBefore)
    .filter((request) => request.url.startsWith(PRODUCT + slug)).length;
}

beforeAll(async () => {
  stand = await startRelayStand({
    upstreamTimeoutMs: 10_000,
    logLevel: 'warn',
    relayCache: { ttlMs: 30_000 },
  });
});

afterAll(async () => {
  await stand.close();
});

beforeEach(() => {
  seenBefore = stand.proxy.requests.length;
});

describe('relay cache and stock', () => {
  it('reads the product again after an order took some of it', async () => {
    const shopper = await stand.signIn('+998 90 555 10 01');
    const before = await variants('whistling-kettle');
    await variants('whistling-kettle');
    expect(productReads('whistling-kettle')).toBe(1);

    // placePickupOrder reads the product (from memory) and buys one of its best-stocked variant.
    const placed = await stand.placePickupOrder(shopper, { slug: 'whistling-kettle' });
    expect(placed.statusCode).toBe(201);
    const bought = [...before].sort((a, b) => b.quantity - a.quantity)[0];
    const after = await variants('whistling-kettle');
    expect(productReads('whistling-kettle')).toBe(2);
    expect(after.find((v) => v.product_id === bought?.product_id)?.quantity).toBe(
      (bought?.quantity ?? 0) - 1,
    );
  });

  it('reads the product again after an order was refused for its stock', async () => {
    const shopper = await stand.signIn('+998 90 555 10 02');
    // Every variant of the casserole is sold out.
    await variants('ceramic-casserole');
    await variants('ceramic-casserole');
    expect(productReads('ceramic-casserole')).toBe(1);

    const refused = await stand.placePickupOrder(shopper, { slug: 'ceramic-casserole' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('out_of_stock');
    await variants('ceramic-casserole');
    expect(productReads('ceramic-casserole')).toBe(2);
  });
});
