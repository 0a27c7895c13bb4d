import { createScratchDatabase } from '@shop/backend';
import { describe, expect, it } from 'vitest';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import { orderEventId } from '@shop/shared';
import { placedEvent, sampleOrder } from '../testing/order-events';
import { TEST_DATABASE_URL } from '../testing/scratch-database';
import { figure, parseScrape } from '../testing/scrape';
import { createShopMetrics } from './shop-metrics';

/**
 * The waiting bot messages are counted in the store on each scrape, with no sender running: what
 * every instance sharing the store would show. With the store away the two figures are NaN, not
 * a stale or made-up number, the rest of the scrape still answers, and the failure is reported
 * once per scrape.
 */
type OpenStore = () => Promise<{ store: NotifierStore; drop: () => Promise<void> }>;

async function onPostgres(): ReturnType<OpenStore> {
  const database = await createScratchDatabase(TEST_DATABASE_URL);
  return {
    store: await openNotifierStore({ databaseUrl: database.url }),
    drop: () => database.drop(),
  };
}

/** The store on PGlite, and on PostgreSQL when TEST_DATABASE_URL names a server. */
const STORES: [string, OpenStore][] = [
  ['PGlite', async () => ({ store: await openNotifierStore({}), drop: () => Promise.resolve() })],
];
if (TEST_DATABASE_URL) STORES.push(['PostgreSQL', onPostgres]);

describe.each(STORES)('the waiting bot messages on %s', (_kind, open) => {
  it('are counted in the store at each scrape, and not a number when it is away', async () => {
    const { store, drop } = await open();
    const errors: unknown[] = [];
    const metrics = createShopMetrics({
      sendQueue: store,
      onQueueError: (error) => errors.push(error),
    });
    const waiting = async () => {
      const series = parseScrape((await metrics.scrape()).body);
      return {
        count: figure(series, 'shop_bot_messages_waiting'),
        age: figure(series, 'shop_bot_messages_oldest_waiting_age_seconds'),
        memory: figure(series, 'process_resident_memory_bytes'),
      };
    };

    expect(await waiting()).toMatchObject({ count: 0, age: 0 });
    const twoChats = [7001, 7002];
    for (const chatId of twoChats) {
      await store.linkChat({ userId: 42, chatId, language: 'ru' }, new Date());
    }
    // An event that came in a minute ago, by the store's clock, for a user with two chats.
    await store.recordEvents(
      [placedEvent(42, sampleOrder('UY-009001'))],
      new Date(Date.now() - 60_000),
    );
    const now = await waiting();
    expect(now.count).toBe(2);
    expect(now.age).toBeGreaterThanOrEqual(59);
    expect(now.age).toBeLessThan(600);

    await store.close();
    const away = await waiting();
    expect(away).toMatchObject({ count: Number.NaN, age: Number.NaN });
    expect(away.memory).toBeGreaterThan(0);
    expect(errors).toHaveLength(1);
    await drop();
    // A cold PGlite opens inside the test: a minute or more on a loaded machine.
  }, 180_000);
});

describe('the refunds made', () => {
  it('are counted per provider from the stored events, once each however often told', async () => {
    const store = await openNotifierStore({});
    const metrics = createShopMetrics({ refunds: store });
    const refunded = (number: string, provider: 'payme_card' | 'telegram') => {
      const order = sampleOrder(number, {
        payment_type: 'card',
        receipt_payment: null,
        status: 'cancelled',
        payment_status: 'paid',
      });
      return {
        id: orderEventId(number, { type: 'refund_made', refund: 1 }),
        type: 'refund_made' as const,
        at: new Date().toISOString(),
        user_id: 42,
        order: {
          ...order,
          refund: {
            status: 'made' as const,
            amount: order.total,
            provider,
            transaction_id: `t-${number}`,
            automatic: provider !== 'telegram',
            made_at: new Date().toISOString(),
          },
        },
      };
    };
    const refunds = async (provider: string) =>
      figure(parseScrape((await metrics.scrape()).body), 'shop_refunds_total', { provider });
    expect(await refunds('payme_card')).toBeUndefined();
    await store.recordEvents([refunded('UY-009101', 'payme_card')], new Date());
    await store.recordEvents([refunded('UY-009102', 'payme_card')], new Date());
    // The same refund told again (a redelivery) is the same event.
    await store.recordEvents([refunded('UY-009102', 'payme_card')], new Date());
    await store.recordEvents([refunded('UY-009103', 'telegram')], new Date());
    expect(await refunds('payme_card')).toBe(2);
    expect(await refunds('telegram')).toBe(1);
    await store.close();
  }, 180_000);
});
