// Races are proven on the real PostgreSQL (PGlite has one connection, so nothing there runs in
// parallel): a listening server, real HTTP, a pool of connections. Skipped without
// TEST_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/raw-rows';
import { orders, variants } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { signIn } from '../testing/http-client';
import { pickupOrder } from '../testing/order-bodies';
import {
  createTestBackend,
  MANY_ORDERS,
  stockOf,
  TEST_DATABASE_URL,
  type TestBackend,
} from '../testing/test-backend';

describe.skipIf(!TEST_DATABASE_URL)('concurrent orders on postgres', () => {
  let t: TestBackend;
  let baseUrl: string;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    // 20 simultaneous orders from one account: the account caps are another file's race
    // (order-limits.test.ts), so they are out of the way here.
    t = await createTestBackend({
      kind: 'postgres',
      maxConnections: 10,
      orderLimits: MANY_ORDERS,
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ token, userId } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  function post(items: { product_id: number; quantity: number }[], key?: string) {
    return fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(pickupOrder(items)),
    }).then(async (response) => ({
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      body: await response.json(),
    }));
  }

  /** A promise and the function that settles it, for holding a transaction open on cue. */
  function signal(): { fired: Promise<void>; fire: () => void } {
    let fire: () => void = () => undefined;
    const fired = new Promise<void>((resolve) => {
      fire = resolve;
    });
    return { fired, fire };
  }

  /** Sessions of this test's database waiting for a lock another one holds. */
  async function lockWaiters(): Promise<number> {
    const [row] = await queryRows(
      t.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      z.object({ n: z.number() }),
    );
    return row?.n ?? 0;
  }

  async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The answer, or 'still waiting' when it has not come within `ms`. */
  function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
    return Promise.race([
      promise,
      new Promise<'still waiting'>((resolve) => {
        setTimeout(() => {
          resolve('still waiting');
        }, ms);
      }),
    ]);
  }

  function stock(id: number): Promise<number> {
    return stockOf(t.db, id);
  }

  it('sells a stock of 5 to exactly 5 of 20 simultaneous buyers and never goes negative', async () => {
    const [target] = FIXTURES.colourVariantProduct.variants;
    if (!target) throw new Error('fixture missing');
    await t.db.update(variants).set({ quantity: 5 }).where(eq(variants.id, target.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post([{ product_id: target.id, quantity: 1 }])),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({ code: 'out_of_stock' });
    }
    expect(await stock(target.id)).toBe(0);
  });

  it('does not deadlock when buyers list the same items in opposite orders', async () => {
    const [a, b] = FIXTURES.partlyOutOfStockInStockVariantIds.concat(
      FIXTURES.colourVariantProduct.variants.map((v) => v.id).slice(1, 2),
    );
    if (a === undefined || b === undefined) throw new Error('fixture missing');
    await t.db
      .update(variants)
      .set({ quantity: 100 })
      .where(inArray(variants.id, [a, b]));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          i % 2 === 0
            ? [
                { product_id: a, quantity: 1 },
                { product_id: b, quantity: 1 },
              ]
            : [
                { product_id: b, quantity: 1 },
                { product_id: a, quantity: 1 },
              ],
        ),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await stock(a)).toBe(80);
    expect(await stock(b)).toBe(80);
  });

  it('creates one order for 10 simultaneous requests with the same Idempotency-Key', async () => {
    const target = FIXTURES.colourVariantProduct.variants[2];
    if (!target) throw new Error('fixture missing');
    await t.db.update(variants).set({ quantity: 50 }).where(eq(variants.id, target.id));
    const before = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, userId));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post([{ product_id: target.id, quantity: 2 }], 'same-key-race-01'),
      ),
    );
    // The first creates it; a retry that comes while it runs is told to wait (409), one that
    // comes after gets the first answer again.
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.filter((a) => a.replayed !== 'true')).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer).toMatchObject({ status: 409, body: { code: 'conflict' } });
    }
    const numbers = new Set(
      created.map((a) => (a.body as { data: { number: string } }).data.number),
    );
    expect(numbers.size).toBe(1);
    const after = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, userId));
    expect(after.length - before.length).toBe(1);
    expect(await stock(target.id)).toBe(48);
  });

  it('answers 409 to a retry while the first attempt runs, 422 to another body, then replays', async () => {
    const target = FIXTURES.colourVariantProduct.variants[3];
    if (!target) throw new Error('fixture missing');
    await t.db.update(variants).set({ quantity: 10 }).where(eq(variants.id, target.id));
    const items = [{ product_id: target.id, quantity: 1 }];
    // The first attempt is held on the variant's row lock, so it is certainly still running
    // when the retries come.
    const locked = signal();
    const release = signal();
    const holding = t.db.transaction(async (tx) => {
      await tx
        .select({ id: variants.id })
        .from(variants)
        .where(eq(variants.id, target.id))
        .for('update');
      locked.fire();
      await release.fired;
    });
    await locked.fired;
    const first = post(items, 'running-key-01');
    await waitFor(async () => (await lockWaiters()) > 0, 'the first attempt to wait on the stock');

    const retry = await within(post(items, 'running-key-01'), 5000);
    const otherBody = await within(
      post([{ product_id: target.id, quantity: 2 }], 'running-key-01'),
      5000,
    );
    release.fire();
    await holding;

    expect(retry).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(otherBody).toMatchObject({ status: 422, body: { code: 'idempotency_conflict' } });
    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(201);
    const replay = await post(items, 'running-key-01');
    expect(replay).toMatchObject({ status: 201, replayed: 'true', body: firstAnswer.body });
    expect(await stock(target.id)).toBe(9);
  });
});
