import type { CartItem, CreateOrderRequest, OrderResponse } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { createMemoryStorage, type KeyValueStorage } from '../storage/storage';
import {
  createHeldOrdersStore,
  HELD_ORDERS_STORAGE_KEY,
  readHeldOrders,
  SEND_LEASE_MS,
} from './held-orders';
import { runOnFakeClock, settle } from './cart-test-support';

const line: CartItem = {
  product_id: 7,
  name: 'Porcelain mug',
  img_url: null,
  quantity: 2,
  attributes: [],
  price: 45_000,
  slug: 'porcelain-mug',
  mxit: '12345678901234567',
  mxit_unit: '796',
};

const body: CreateOrderRequest = {
  items: [{ product_id: 7, quantity: 2 }],
  delivery_type: 'pickup',
  store_id: 1,
  name: 'Dilnoza',
  surname: 'Karimova',
  phone: '+998901234567',
  payment_type: 'on_receipt',
};

const KEY_A = 'aaaaaaaa-1111-4111-8111-aaaaaaaaaaaa';
const KEY_B = 'bbbbbbbb-2222-4222-8222-bbbbbbbbbbbb';

const offline = () =>
  new ApiError({ code: 'network_error', message: 'Failed to fetch', status: 0 });

/**
 * The order call as the backend answers it: one order per Idempotency-Key (a repeated key gets
 * the first answer), and a switch that fails calls the way a dropped network does.
 */
function fakeShop() {
  const shop = {
    orders: new Map<string, OrderResponse>(),
    calls: [] as { key: string; body: unknown }[],
    fail: null as (() => Error) | null,
    call: vi.fn((id: string, input: { body: unknown; headers: Record<string, string> }) => {
      if (id !== 'createOrder') return Promise.reject(new Error(`unexpected ${id}`));
      const key = input.headers['idempotency-key'] ?? '';
      shop.calls.push({ key, body: input.body });
      if (shop.fail) return Promise.reject(shop.fail());
      let answer = shop.orders.get(key);
      if (!answer) {
        answer = { data: { number: `U-${shop.orders.size + 1}` } } as unknown as OrderResponse;
        shop.orders.set(key, answer);
      }
      return Promise.resolve(answer);
    }),
  };
  return shop;
}

/** Keeps the next order call unanswered until the returned function answers it. */
function holdNextAnswer(shop: ReturnType<typeof fakeShop>): (value: OrderResponse) => void {
  let answer: (value: OrderResponse) => void = () => undefined;
  shop.call.mockImplementationOnce(
    () =>
      new Promise((resolve) => {
        answer = resolve;
      }),
  );
  return (value) => {
    answer(value);
  };
}

function setup(options: { storage?: KeyValueStorage; shop?: ReturnType<typeof fakeShop> } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const shop = options.shop ?? fakeShop();
  let userId: number | null = 5;
  let wake: () => void = () => undefined;
  const store = createHeldOrdersStore({
    storage,
    api: () => ({ call: shop.call }) as unknown as ApiClient,
    currentUserId: () => userId,
    onWake: (retry) => {
      wake = retry;
      return () => undefined;
    },
  });
  return {
    store,
    storage,
    shop,
    wake: () => {
      wake();
    },
    signAs: (id: number | null) => {
      userId = id;
    },
  };
}

const hold = (key = KEY_A, userId = 5) => ({
  idempotencyKey: key,
  userId,
  lang: 'en' as const,
  body,
  lines: [line],
});

runOnFakeClock();

describe('held orders', () => {
  it('keeps an order placed offline through a reload and sends it once, with its key, when the network is back', async () => {
    const shop = fakeShop();
    shop.fail = offline;
    const first = setup({ shop });
    first.store.getState().hold(hold());
    await settle();
    expect(first.store.getState().orders).toHaveLength(1);
    expect(shop.orders.size).toBe(0);

    // Reloaded, still offline: the order is read back from storage and still waits.
    const reloaded = setup({ storage: first.storage, shop });
    expect(reloaded.store.getState().orders.map((o) => o.idempotencyKey)).toEqual([KEY_A]);
    await reloaded.store.getState().flush();
    expect(shop.orders.size).toBe(0);

    shop.fail = null;
    reloaded.wake();
    await settle();
    expect(shop.orders.size).toBe(1);
    expect(shop.calls.every((call) => call.key === KEY_A)).toBe(true);
    expect(reloaded.store.getState().sent?.answer.data.number).toBe('U-1');
    expect(reloaded.store.getState().orders).toEqual([]);
    expect(reloaded.storage.getItem(HELD_ORDERS_STORAGE_KEY)).toBeNull();

    // Nothing waits any more: later wake-ups and retries send nothing.
    const sends = shop.calls.length;
    reloaded.wake();
    await settle(10 * 60_000);
    expect(shop.calls).toHaveLength(sends);
  });

  it('retries with a growing pause while the network stays down', async () => {
    const { store, shop } = setup();
    shop.fail = offline;
    store.getState().hold(hold());
    await settle();
    expect(shop.calls).toHaveLength(1);
    await settle(1_999);
    expect(shop.calls).toHaveLength(1);
    await settle(1);
    expect(shop.calls).toHaveLength(2);
    await settle(4_000);
    expect(shop.calls).toHaveLength(3);
    shop.fail = null;
    await settle(8_000);
    expect(shop.orders.size).toBe(1);
    expect(store.getState().orders).toEqual([]);
  });

  it('never sends an order the shopper cancelled while it waited', async () => {
    const { store, shop, wake } = setup();
    shop.fail = offline;
    store.getState().hold(hold());
    await settle();
    const cancelled = store.getState().cancel(KEY_A);
    expect(cancelled?.lines).toEqual([line]);
    expect(store.getState().orders).toEqual([]);

    shop.fail = null;
    wake();
    await settle(10 * 60_000);
    expect(shop.orders.size).toBe(0);
  });

  it('cannot cancel an order while it is being sent (it may already be at the shop)', async () => {
    const { store, shop } = setup();
    const answer = holdNextAnswer(shop);
    store.getState().hold(hold());
    await settle();
    expect(store.getState().cancel(KEY_A)).toBeNull();
    answer({ data: { number: 'U-9' } } as unknown as OrderResponse);
    await settle();
    expect(store.getState().sent?.answer.data.number).toBe('U-9');
  });

  it('leaves an order another tab is sending, until that send has had its time', async () => {
    const storage = createMemoryStorage();
    const shop = fakeShop();
    const tabA = setup({ storage, shop });
    shop.call.mockImplementationOnce(() => new Promise(() => undefined));
    tabA.store.getState().hold(hold());
    await settle();
    expect(shop.calls).toHaveLength(0);

    const tabB = setup({ storage, shop });
    await tabB.store.getState().flush();
    expect(shop.calls).toHaveLength(0);
    await settle(SEND_LEASE_MS);
    await tabB.store.getState().flush();
    expect(shop.orders.size).toBe(1);
  });

  it('two open tabs woken by the same return of the network send the order once', async () => {
    const storage = createMemoryStorage();
    const shop = fakeShop();
    shop.fail = offline;
    const tabA = setup({ storage, shop });
    const tabB = setup({ storage, shop });
    tabA.store.getState().hold(hold());
    await settle();
    tabB.store.getState().reloadLocal();
    shop.fail = null;
    const callsBefore = shop.calls.length;
    tabA.wake();
    tabB.wake();
    await settle();
    expect(shop.calls.length - callsBefore).toBe(1);
    expect(shop.orders.size).toBe(1);
    expect(tabA.store.getState().sent?.answer.data.number).toBe('U-1');
    expect(tabB.store.getState().sent).toBeNull();
  });

  it("sends only the signed-in shopper's own orders, and none while signed out", async () => {
    const { store, shop, signAs } = setup();
    shop.fail = offline;
    store.getState().hold(hold(KEY_A, 5));
    store.getState().hold(hold(KEY_B, 6));
    await settle();
    shop.fail = null;
    signAs(null);
    await store.getState().flush();
    expect(shop.orders.size).toBe(0);
    signAs(5);
    await store.getState().flush();
    expect([...shop.orders.keys()]).toEqual([KEY_A]);
    expect(store.getState().orders.map((o) => o.idempotencyKey)).toEqual([KEY_B]);
  });

  it('marks an order the shop refuses and does not send it again', async () => {
    const { store, shop, wake } = setup();
    shop.fail = () => new ApiError({ code: 'out_of_stock', message: 'Not enough', status: 409 });
    store.getState().hold(hold());
    await settle();
    expect(store.getState().orders[0]).toMatchObject({
      refused: 'out_of_stock',
      refusedRule: null,
    });
    shop.fail = null;
    wake();
    await settle(10 * 60_000);
    expect(shop.calls).toHaveLength(1);
    expect(store.getState().cancel(KEY_A)?.lines).toEqual([line]);
  });

  it('keeps which account limit refused an order, through a reload, so the cart can say it', async () => {
    const { store, storage, shop } = setup();
    shop.fail = () =>
      new ApiError({
        code: 'order_refused',
        message: 'Too many orders',
        status: 422,
        details: [{ field: '(root)', message: 'Too many orders', rule: 'open_orders_limit' }],
      });
    store.getState().hold(hold());
    await settle();
    expect(store.getState().orders[0]).toMatchObject({
      refused: 'order_refused',
      refusedRule: 'open_orders_limit',
    });
    expect(readHeldOrders(storage)[0]?.refusedRule).toBe('open_orders_limit');
    // Stored data is checked on reading: a rule that is no account limit is dropped.
    const [stored] = readHeldOrders(storage);
    storage.setItem(
      HELD_ORDERS_STORAGE_KEY,
      JSON.stringify([{ ...stored, refusedRule: 'region_not_served' }]),
    );
    expect(readHeldOrders(storage)[0]).toMatchObject({
      refused: 'order_refused',
      refusedRule: null,
    });
  });

  it('tries again when the shop says an earlier send of the same order is still running', async () => {
    const { store, shop } = setup();
    // 409 conflict: the key is taken by a send still under way (another tab, a lost answer).
    // Its outcome is not known yet, so this is no refusal: the next try replays it.
    let busy = true;
    shop.fail = () => {
      if (!busy) return new Error('unreachable');
      busy = false;
      return new ApiError({ code: 'conflict', message: 'Retry the request.', status: 409 });
    };
    store.getState().hold(hold());
    await settle();
    expect(store.getState().orders[0]?.refused).toBeNull();
    shop.fail = null;
    await settle(10 * 60_000);
    expect(store.getState().orders).toEqual([]);
    expect(store.getState().sent?.answer.data.number).toBe('U-1');
    expect(shop.orders.size).toBe(1);
  });

  it('a session that ended keeps the order for the next sign-in, without retrying on its own', async () => {
    const { store, shop } = setup();
    shop.fail = () => new ApiError({ code: 'unauthorized', message: 'no', status: 401 });
    store.getState().hold(hold());
    await settle(10 * 60_000);
    expect(shop.calls).toHaveLength(1);
    shop.fail = null;
    await store.getState().flush();
    expect(shop.orders.size).toBe(1);
  });

  it('forgets everything at logout, even a send under way', async () => {
    const { store, shop, storage } = setup();
    const answer = holdNextAnswer(shop);
    store.getState().hold(hold());
    await settle();
    store.getState().forget();
    answer({ data: { number: 'U-1' } } as unknown as OrderResponse);
    await settle();
    expect(store.getState().sent).toBeNull();
    expect(storage.getItem(HELD_ORDERS_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not json{'],
    ['{"a":1}'],
    ['[1, null, "x"]'],
    [
      '[{"idempotencyKey":"short","userId":5,"lang":"en","body":{"items":[1]},"lines":[],"heldAt":1}]',
    ],
    [
      `[{"idempotencyKey":"${KEY_A}","userId":5,"lang":"fr","body":{"items":[1]},"lines":[],"heldAt":1}]`,
    ],
  ])('reads %s as nothing held', (stored) => {
    const storage = createMemoryStorage({ [HELD_ORDERS_STORAGE_KEY]: stored });
    expect(readHeldOrders(storage)).toEqual([]);
    expect(setup({ storage }).store.getState().orders).toEqual([]);
  });
});
