import type { CartItem } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { createMemoryStorage } from '../storage/storage';
import { CART_STORAGE_KEY, createCartStore } from './cart-store';

function item(productId: number, quantity = 1): CartItem {
  return {
    product_id: productId,
    name: `Item ${productId}`,
    img_url: null,
    quantity,
    attributes: [],
    price: 10_000,
    slug: `item-${productId}`,
    mxit: '12345678901234567',
    mxit_unit: '796',
  };
}

function setup(options: { stored?: string; signedIn?: boolean; remote?: CartItem[] } = {}) {
  const storage = createMemoryStorage(
    options.stored === undefined ? {} : { [CART_STORAGE_KEY]: options.stored },
  );
  const pushed: CartItem[][] = [];
  const call = vi.fn((id: string, input: { body?: { cart_data: CartItem[] } }) => {
    if (id === 'saveCart') {
      pushed.push(input.body?.cart_data ?? []);
      return Promise.resolve(input.body?.cart_data ?? []);
    }
    if (id === 'getCart') return Promise.resolve(options.remote ?? []);
    return Promise.reject(new Error(`unexpected ${id}`));
  });
  const api = { call } as unknown as ApiClient;
  let signedIn = options.signedIn ?? false;
  const store = createCartStore({ storage, api: () => api, isSignedIn: () => signedIn });
  const saved = () => JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;
  return {
    store,
    saved,
    pushed,
    call,
    signIn: () => {
      signedIn = true;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cart store', () => {
  it('adds, merges the same product, sets quantity and removes at 0, saving each change as an array', () => {
    const { store, saved } = setup();
    store.getState().add(item(1));
    store.getState().add(item(1, 2));
    store.getState().add(item(2));
    expect(saved()).toEqual([item(1, 3), item(2)]);
    store.getState().setQuantity(1, 0);
    expect(saved()).toEqual([item(2)]);
    store.getState().clear();
    expect(saved()).toEqual([]);
  });

  it.each([
    ['half-written JSON', '[{"product_id": 1,'],
    ['an object', '{"items": []}'],
    ['a number', '42'],
  ])('starts empty from %s', (_, stored) => {
    expect(setup({ stored }).store.getState().items).toEqual([]);
  });

  it('keeps the valid lines of a partly corrupt cart', () => {
    const stored = JSON.stringify([item(1), { product_id: 'x' }, item(2, 2)]);
    expect(setup({ stored }).store.getState().items).toEqual([item(1), item(2, 2)]);
  });

  it('pushes to the backend only when signed in', async () => {
    const guest = setup();
    guest.store.getState().add(item(1));
    await flush();
    expect(guest.pushed).toEqual([]);

    const member = setup({ signedIn: true });
    member.store.getState().add(item(1));
    await flush();
    expect(member.pushed).toEqual([[item(1)]]);
  });

  it('coalesces pushes so the last cart lands last', async () => {
    const { store, pushed } = setup({ signedIn: true });
    store.getState().add(item(1));
    store.getState().add(item(2));
    store.getState().add(item(3));
    await flush();
    await flush();
    expect(pushed.at(-1)).toEqual([item(1), item(2), item(3)]);
    expect(pushed.length).toBeLessThanOrEqual(2);
  });

  it('after login merges the backend cart with the local one and pushes the result', async () => {
    const { store, pushed, signIn, saved } = setup({
      stored: JSON.stringify([item(1), item(3)]),
      remote: [item(1, 2), item(2)],
    });
    signIn();
    await store.getState().syncAfterLogin();
    await flush();
    const merged = [item(1, 3), item(2), item(3)];
    expect(store.getState().items).toEqual(merged);
    expect(saved()).toEqual(merged);
    expect(pushed.at(-1)).toEqual(merged);
  });

  it('when signed in, loading replaces the local cart with the backend one without pushing', async () => {
    const { store, pushed } = setup({
      stored: JSON.stringify([item(9)]),
      signedIn: true,
      remote: [item(4)],
    });
    await store.getState().loadRemote();
    expect(store.getState().items).toEqual([item(4)]);
    expect(pushed).toEqual([]);
  });

  it('logs a failed push and keeps the local change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, call, saved } = setup({ signedIn: true });
    call.mockImplementation(() => Promise.reject(new Error('offline')));
    store.getState().add(item(1));
    await flush();
    expect(saved()).toEqual([item(1)]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
