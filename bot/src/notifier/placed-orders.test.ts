import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, startFakeBotApi, type FakeBotApi } from '../testing/fake-bot-api';
import { placedEvent, signedDelivery, waitFor } from '../testing/order-events';
import { startNotifierStand, type NotifierStand, type RelayStand } from '../testing/relay-stand';
import { OPERATOR_SECRET_HEADER, operatorStatusPath, type Order } from '@shop/shared';
import type { NotifierStore } from './store';

/**
 * "Order placed" reaches the notifier twice: from the order answer the relay gives the shopper,
 * and from the backend's own event. Both carry one id, so the shopper gets one confirmation.
 */

const SECRET = 'order-events-secret-for-tests';
const CHAT = 4242;

let api: FakeBotApi;
let notifierStand: NotifierStand;
let store: NotifierStore;
let stand: RelayStand;

beforeAll(async () => {
  api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  notifierStand = await startNotifierStand({
    apiRoot: api.apiRoot,
    orderEvents: { secret: SECRET },
  });
  ({ store, stand } = notifierStand);
  // Two PGlite databases start cold (the backend's and the notifier's).
}, 180_000);

afterAll(async () => {
  await notifierStand.close();
  await api.close();
}, 60_000);

describe('order placed through the relay', () => {
  it('records the event from the relayed answer, and the backend’s copy of it sends nothing more', async () => {
    const shopper = await stand.signIn('+998901117788');
    await store.linkChat({ userId: shopper.id, chatId: CHAT, language: 'en' }, new Date());
    // A refused order (no such shop) is no event.
    const refused = await stand.placePickupOrder(shopper, {
      slug: 'granite-frying-pan',
      storeId: 999_999,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await store.eventIds()).toEqual([]);

    const placed = await stand.placePickupOrder(shopper, {
      slug: 'granite-frying-pan',
      quantity: 2,
      idempotencyKey: 'notifier-relay-test-0001-abcdefgh',
    });
    expect([200, 201]).toContain(placed.statusCode);
    const order = placed.json<{ data: Order }>().data;
    // Recorded before the shopper had the answer.
    expect(await store.eventIds()).toEqual([`${order.number}:placed`]);

    // The backend's own event for the same order, delivered (twice, as at-least-once allows).
    const fromBackend = placedEvent(shopper.id, order);
    for (let delivery = 0; delivery < 2; delivery++) {
      const answer = await stand.app.inject(signedDelivery(SECRET, [fromBackend]));
      expect(answer.json()).toEqual({ received: 1, stored: 0 });
    }
    // The operator confirms the order: the backend pushes that change (after its own "placed",
    // as its outbox keeps an order's events in order), and the server tells the chat once.
    const operatorSecret = (await readFile(join(stand.dataDir, 'operator-secret'), 'utf8')).trim();
    const moved = await fetch(`${stand.backend.url}${operatorStatusPath(order.number)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: operatorSecret },
      body: JSON.stringify({ status: 'confirmed' }),
    });
    expect(moved.status).toBe(200);

    await waitFor('two messages sent', async () => {
      const sends = await store.sends();
      return sends.length === 2 && sends.every((send) => send.state === 'sent');
    });
    const texts = api.delivered().map((call) => String(call.payload.text));
    expect(texts).toEqual([
      expect.stringContaining(`Order №${order.number} is placed`),
      `Order №${order.number}: confirmed.`,
    ]);
    expect(texts[0]).toContain('× 2');
    expect(texts[0]).toContain('Delivery: Pickup from a shop. Shop: ');
    expect(api.delivered()[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: 'Open order',
            web_app: {
              url: `https://shop.example.uz/en/account/orders/${encodeURIComponent(order.number)}`,
            },
          },
        ],
      ],
    });
  });
});
