import type { CartItem } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { createMemoryStorage, type KeyValueStorage } from '../storage/storage';
import { CART_STORAGE_KEY, CART_SYNC_STORAGE_KEY, createCartStore } from './cart-store';
import { cartLine, runOnFakeClock, settle } from './cart-test-support';

const item = cartLine;

const offline = () =>
  new ApiError({ code: 'network_error', message: 'Failed to fetch', status: 0 });

/**
 * The backend's cart calls as the store sees them: a saved copy, every save recorded, and a
 * switch that makes the calls fail the way a dropped network does.
 */
function fakeBackend(initial: CartItem[] = []) {
  const backend = {
    cart: initial,
    saves: [] as CartItem[][],
    reads: 0,
    failSaves: null as (() => Error) | null,
    failReads: null as (() => Error) | null,
    call: vi.fn((id: string, input: { body?: { cart_data: CartItem[] } }) => {
      if (id === 'saveCart') {
        const cart = input.body?.cart_data ?? [];
        backend.saves.push(cart);
        if (backend.failSaves) return Promise.reject(backend.failSaves());
        backend.cart = cart;
        return Promise.resolve(cart);
      }
      if (id === 'getCart') {
        backend.reads += 1;
        if (backend.failReads) return Promise.reject(backend.failReads());
        return Promise.resolve(backend.cart);
      }
      return Promise.reject(new Error(`unexpected ${id}`));
    }),
  };
  return backend;
}

function setup(
  options: {
    stored?: string;
    signedIn?: boolean;
    storage?: KeyValueStorage;
    backend?: ReturnType<typeof fakeBackend>;
  } = {},
) {
  const storage =
    options.storage ??
    createMemoryStorage(options.stored === undefined ? {} : { [CART_STORAGE_KEY]: options.stored });
  const backend = options.backend ?? fakeBackend();
  const api = { call: backend.call } as unknown as ApiClient;
  let signedIn = options.signedIn ?? false;
  let wake: () => void = () => undefined;
  const store = createCartStore({
    storage,
    api: () => api,
    isSignedIn: () => signedIn,
    onWake: (retry) => {
      wake = retry;
      return () => undefined;
    },
  });
  const saved = () => JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;
  return {
    store,
    storage,
    saved,
    backend,
    wake: () => {
      wake();
    },
    signIn: () => {
      signedIn = true;
    },
    signOut: () => {
      signedIn = false;
    },
  };
}

runOnFakeClock();

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
    await settle();
    expect(guest.backend.saves).toEqual([]);

    const member = setup({ signedIn: true });
    await member.store.getState().loadRemote();
    member.store.getState().add(item(1));
    await settle();
    expect(member.backend.saves).toEqual([[item(1)]]);
  });

  it('coalesces pushes so the last cart lands last', async () => {
    const { store, backend } = setup({ signedIn: true });
    await store.getState().loadRemote();
    store.getState().add(item(1));
    store.getState().add(item(2));
    store.getState().add(item(3));
    await settle();
    expect(backend.saves.at(-1)).toEqual([item(1), item(2), item(3)]);
    expect(backend.saves.length).toBeLessThanOrEqual(2);
    expect(backend.cart).toEqual([item(1), item(2), item(3)]);
  });

  it('after login merges the backend cart with the local one and pushes the result', async () => {
    const { store, backend, signIn, saved } = setup({
      stored: JSON.stringify([item(1), item(3)]),
      backend: fakeBackend([item(1, 2), item(2)]),
    });
    signIn();
    await store.getState().syncAfterLogin();
    const merged = [item(1, 3), item(2), item(3)];
    expect(store.getState().items).toEqual(merged);
    expect(saved()).toEqual(merged);
    expect(backend.cart).toEqual(merged);
  });

  it('after login with nothing to add, saves nothing: a cart saved elsewhere meanwhile stays', async () => {
    const { store, backend, signIn } = setup({ backend: fakeBackend([item(4)]) });
    signIn();
    await store.getState().syncAfterLogin();
    expect(store.getState().items).toEqual([item(4)]);
    expect(backend.saves).toEqual([]);
    // Another device saves next; this one has no change of its own to send over it.
    backend.cart = [item(4), item(5)];
    await store.getState().loadRemote();
    expect(store.getState().items).toEqual([item(4), item(5)]);
    expect(backend.saves).toEqual([]);
  });

  it('when signed in with nothing unsaved, loading takes the backend cart without pushing', async () => {
    const { store, backend } = setup({
      stored: JSON.stringify([item(9)]),
      signedIn: true,
      backend: fakeBackend([item(4)]),
    });
    await store.getState().loadRemote();
    expect(store.getState().items).toEqual([item(4)]);
    expect(backend.saves).toEqual([]);
  });

  it('keeps the cart key exactly the array of items; the sync stamps live under a key of their own', async () => {
    const { store, storage } = setup({ signedIn: true });
    await store.getState().loadRemote();
    store.getState().add(item(1, 2));
    await settle();
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([item(1, 2)]);
    expect(JSON.parse(storage.getItem(CART_SYNC_STORAGE_KEY) ?? 'null')).toMatchObject({
      base: [item(1, 2)],
      changedAt: expect.any(Number),
      syncedAt: expect.any(Number),
    });
  });
});

describe('cart sync when the network fails', () => {
  it('keeps a change whose save failed through a reload: the older server copy does not replace it', async () => {
    const backend = fakeBackend();
    const storage = createMemoryStorage();
    const first = setup({ storage, backend, signedIn: true });
    await first.store.getState().loadRemote();
    first.store.getState().add(item(1));
    await settle();
    expect(backend.cart).toEqual([item(1)]);

    backend.failSaves = offline;
    first.store.getState().setQuantity(1, 3);
    await settle();
    expect(backend.cart).toEqual([item(1)]);

    // The page is reloaded: a new store on the same storage reads the server's older copy.
    const reloaded = setup({ storage, backend, signedIn: true });
    await reloaded.store.getState().loadRemote();
    expect(reloaded.store.getState().items).toEqual([item(1, 3)]);
    expect(reloaded.saved()).toEqual([item(1, 3)]);

    backend.failSaves = null;
    await settle(2_000);
    expect(backend.cart).toEqual([item(1, 3)]);
  });

  it('at start merges in changes made on another device meanwhile, local changes winning', async () => {
    const backend = fakeBackend();
    const storage = createMemoryStorage();
    const first = setup({ storage, backend, signedIn: true });
    await first.store.getState().loadRemote();
    first.store.getState().add(item(1));
    first.store.getState().add(item(2));
    await settle();
    expect(backend.cart).toEqual([item(1), item(2)]);

    backend.failSaves = offline;
    first.store.getState().setQuantity(1, 5); // here: 1 raised
    first.store.getState().add(item(3)); // here: 3 added
    await settle();
    // Meanwhile on a phone: 1 set to 2, 2 removed, 4 added.
    backend.cart = [item(1, 2), item(4)];
    backend.failSaves = null;

    const reloaded = setup({ storage, backend, signedIn: true });
    await reloaded.store.getState().loadRemote();
    await settle();
    const merged = [item(1, 5), item(3), item(4)];
    expect(reloaded.store.getState().items).toEqual(merged);
    expect(backend.cart).toEqual(merged);
  });

  it('retries a failed save after 2, 4, 8 s, sending only the newest cart, and stops once saved', async () => {
    const { store, backend } = setup({ signedIn: true });
    await store.getState().loadRemote();
    backend.failSaves = offline;
    store.getState().add(item(1));
    await settle();
    expect(backend.saves).toHaveLength(1);

    // Changes while the retry waits are not sent one by one: the retry sends the newest cart.
    store.getState().add(item(2));
    store.getState().setQuantity(2, 4);
    await settle(1_999);
    expect(backend.saves).toHaveLength(1);
    await settle(1);
    expect(backend.saves).toHaveLength(2);
    expect(backend.saves[1]).toEqual([item(1), item(2, 4)]);

    await settle(3_999);
    expect(backend.saves).toHaveLength(2);
    await settle(1);
    expect(backend.saves).toHaveLength(3);

    backend.failSaves = null;
    await settle(8_000);
    expect(backend.saves).toHaveLength(4);
    expect(backend.cart).toEqual([item(1), item(2, 4)]);
    // Saved: no further calls however long the page stays open.
    await settle(10 * 60_000);
    expect(backend.saves).toHaveLength(4);
  });

  it('never waits more than a minute between tries, and never hammers a server that is down', async () => {
    const { store, backend } = setup({ signedIn: true });
    await store.getState().loadRemote();
    backend.failSaves = offline;
    store.getState().add(item(1));
    await settle(10 * 60_000);
    // 2+4+8+16+32 s, then one a minute: about 14 tries in ten minutes, not thousands.
    expect(backend.saves.length).toBeGreaterThanOrEqual(10);
    expect(backend.saves.length).toBeLessThanOrEqual(16);
  });

  it('retries at once when the browser says the network or the shopper is back', async () => {
    const { store, backend, wake } = setup({ signedIn: true });
    await store.getState().loadRemote();
    // Nothing waiting: a wake-up makes no call.
    wake();
    await settle();
    expect(backend.saves).toHaveLength(0);

    backend.failSaves = offline;
    store.getState().add(item(1));
    await settle();
    expect(backend.saves).toHaveLength(1);
    backend.failSaves = null;
    wake();
    await settle();
    expect(backend.saves).toHaveLength(2);
    expect(backend.cart).toEqual([item(1)]);
    // The retry that was scheduled is gone, and more wake-ups call nothing.
    wake();
    await settle(60_000);
    expect(backend.saves).toHaveLength(2);
  });

  it('sends a change another tab kept unsaved when the network comes back here', async () => {
    // Tab A changed the cart offline and was closed before its retry; tab B (this store) is open
    // on the same storage and saw the change through the storage event.
    const backend = fakeBackend([item(1)]);
    const storage = createMemoryStorage();
    const tabA = setup({ storage, backend, signedIn: true });
    const tabB = setup({ storage, backend, signedIn: true });
    await tabA.store.getState().loadRemote();
    await tabB.store.getState().loadRemote();
    backend.failSaves = offline;
    tabA.store.getState().setQuantity(1, 4);
    await settle();
    tabB.store.getState().reloadLocal();
    backend.failSaves = null;

    // Well before tab A's retry would have run: the wake-up here sends it.
    tabB.wake();
    await settle();
    expect(backend.cart).toEqual([item(1, 4)]);
    expect(backend.saves).toHaveLength(2);
  });

  it('does not retry a refusal on its own, but sends the next change', async () => {
    const { store, backend } = setup({ signedIn: true });
    await store.getState().loadRemote();
    backend.failSaves = () =>
      new ApiError({ code: 'validation_error', message: 'bad cart', status: 400 });
    store.getState().add(item(1));
    await settle(60_000);
    expect(backend.saves).toHaveLength(1);
    backend.failSaves = null;
    store.getState().add(item(2));
    await settle();
    expect(backend.cart).toEqual([item(1), item(2)]);
  });

  it('after login with the server copy unreadable, saves nothing over it, then adds both carts once it reads', async () => {
    const backend = fakeBackend([item(7, 2)]);
    backend.failReads = offline;
    const { store, signIn } = setup({ stored: JSON.stringify([item(1)]), backend });
    signIn();
    await store.getState().syncAfterLogin();
    // Saving the guest cart now would wipe the account's saved line 7.
    expect(backend.saves).toEqual([]);

    backend.failReads = null;
    await settle(2_000);
    expect(store.getState().items).toEqual([item(7, 2), item(1)]);
    expect(backend.cart).toEqual([item(7, 2), item(1)]);
  });

  it('a login merge still owed after a reload is done then, quantities added', async () => {
    const backend = fakeBackend([item(7, 2)]);
    backend.failReads = offline;
    const storage = createMemoryStorage({ [CART_STORAGE_KEY]: JSON.stringify([item(7, 1)]) });
    const first = setup({ storage, backend });
    first.signIn();
    await first.store.getState().syncAfterLogin();

    backend.failReads = null;
    const reloaded = setup({ storage, backend, signedIn: true });
    await reloaded.store.getState().loadRemote();
    expect(reloaded.store.getState().items).toEqual([item(7, 3)]);
    expect(backend.cart).toEqual([item(7, 3)]);
  });

  it('a session that ended keeps its unsaved change; signing in again reads and saves at once', async () => {
    const { store, backend, signOut, signIn } = setup({ signedIn: true });
    await store.getState().loadRemote();
    backend.failSaves = offline;
    store.getState().add(item(1, 2));
    await settle();
    // The token expired: signed out without forgetting the cart, while a retry waits.
    signOut();
    backend.failSaves = null;
    signIn();
    await store.getState().loadRemote();
    expect(backend.cart).toEqual([item(1, 2)]);
    expect(store.getState().items).toEqual([item(1, 2)]);
  });

  it('forgets a sync under way at logout: nothing of the old account is written afterwards', async () => {
    const { store, backend, signOut, storage } = setup({ signedIn: true });
    await store.getState().loadRemote();
    backend.failSaves = offline;
    store.getState().add(item(1));
    await settle();
    signOut();
    store.getState().clearLocal();
    backend.failSaves = null;
    await settle(60_000);
    expect(backend.saves).toHaveLength(1);
    expect(backend.cart).toEqual([]);
    expect(storage.getItem(CART_SYNC_STORAGE_KEY)).toBeNull();
    expect(store.getState().items).toEqual([]);
  });
});
