// What the backend's log says about requests and failures, read from its lines at trace level:
// request times in whole milliseconds (a 13-16-digit fraction passes for a card number in a
// scan), and a failing query logged without the values it was run with (a card number typed
// into a cart line's name went into the log with them).
import type { CartItem } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../seed/fixtures';
import { call, signIn } from '../testing/http-client';
import { findPans } from '../testing/pan-scan';
import { GOOD_CARD } from '../testing/payments';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

interface LogLine {
  level: number;
  responseTime?: unknown;
}

const mug = FIXTURES.colourVariantProduct;
const mugVariant = mug.variants[0];

describe.each(DATABASE_KINDS)('the log lines on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  const lines = () => t.logs.map((line) => JSON.parse(line) as LogLine);

  it('writes request times in whole milliseconds', async () => {
    await call(t, 'GET', '/api/store/stores');
    await call(t, 'GET', '/api/no-such-thing');
    const times = lines()
      .map((line) => line.responseTime)
      .filter((time) => time !== undefined);
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(Number.isInteger(time), JSON.stringify(time)).toBe(true);
  });

  it('logs a failing query without the values it was run with', async () => {
    if (!mugVariant) throw new Error('fixture missing');
    // Every new cart row is refused from now on: the save fails in the database itself.
    await t.db.execute(sql`alter table carts add constraint carts_refused check (false) not valid`);
    try {
      const { token } = await signIn(t);
      const item: CartItem = {
        product_id: mugVariant.id,
        name: `Krujka ${GOOD_CARD}`,
        img_url: null,
        quantity: 1,
        attributes: [],
        price: mugVariant.price,
        slug: mug.slug,
        mxit: mug.mxik,
        mxit_unit: mug.packageCode,
      };
      const before = t.logs.length;
      const saved = await call(t, 'POST', '/api/profile/cart', {
        token,
        body: { cart_data: [item] },
      });
      expect(saved.status).toBe(500);
      const failures = t.logs.slice(before).filter((line) => JSON.parse(line).level >= 50);
      expect(failures.length).toBeGreaterThan(0);
      const text = failures.join('\n');
      // What helps find the fault stays: the constraint's name, the SQL with its placeholders.
      expect(text).toContain('carts_refused');
      expect(text).toContain('insert into');
      expect(findPans(text)).toEqual([]);
      expect(text).not.toContain('Krujka');
    } finally {
      await t.db.execute(sql`alter table carts drop constraint carts_refused`);
    }
  });
});
