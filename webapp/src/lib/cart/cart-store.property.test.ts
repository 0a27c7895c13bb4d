import { addToCart, removeFromCart, setQuantity, type CartItem } from '@shop/shared';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { createMemoryStorage, type KeyValueStorage } from '../storage/storage';
import { createCartStore, type CartStore } from './cart-store';
import { cartLine, runOnFakeClock } from './cart-test-support';

// The cart store driven through random sessions of a signed-in shopper: edits, the network
// dropping and coming back, wake-ups, time passing, reloads, and another device changing lines
// this one never touches while the page is closed. Whatever the order, once the network is back
// the server holds every edit made here and every line only the other device changed.

const item = (productId: number, quantity: number) => cartLine(productId, quantity, 1_000);

/** Products this device edits, and products only the other device does. */
const LOCAL_IDS = [1, 2, 3, 4];
const OTHER_DEVICE_IDS = [101, 102];

type Step =
  | { kind: 'add'; id: number; quantity: number }
  | { kind: 'set'; id: number; quantity: number }
  | { kind: 'remove'; id: number }
  | { kind: 'network'; up: boolean }
  | { kind: 'wake' }
  | { kind: 'wait'; ms: number }
  | { kind: 'reload'; otherDevice: { id: number; quantity: number } | null };

const localId = fc.constantFrom(...LOCAL_IDS);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add'), id: localId, quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('set'), id: localId, quantity: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('remove'), id: localId }),
  fc.record({ kind: fc.constant('network'), up: fc.boolean() }),
  fc.record({ kind: fc.constant('wake') }),
  fc.record({ kind: fc.constant('wait'), ms: fc.integer({ min: 0, max: 70_000 }) }),
  fc.record({
    kind: fc.constant('reload'),
    otherDevice: fc.option(
      fc.record({
        id: fc.constantFrom(...OTHER_DEVICE_IDS),
        quantity: fc.integer({ min: 0, max: 5 }),
      }),
      { nil: null },
    ),
  }),
);

const offline = () =>
  new ApiError({ code: 'network_error', message: 'Failed to fetch', status: 0 });

function quantities(cart: readonly CartItem[], ids: readonly number[]): Record<number, number> {
  const result: Record<number, number> = {};
  for (const line of cart)
    if (ids.includes(line.product_id)) result[line.product_id] = line.quantity;
  return result;
}

runOnFakeClock();

describe('cart store properties', () => {
  it('never loses an edit: once online, the server holds every local edit and every other-device line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 25 }), async (steps) => {
        let serverCart: CartItem[] = [];
        let up = true;
        const api = {
          call: (id: string, input: { body?: { cart_data: CartItem[] } }) => {
            if (!up) return Promise.reject(offline());
            if (id === 'saveCart') {
              serverCart = input.body?.cart_data ?? [];
              return Promise.resolve(serverCart);
            }
            return Promise.resolve(serverCart);
          },
        } as unknown as ApiClient;
        const storage: KeyValueStorage = createMemoryStorage();
        let wake: () => void = () => undefined;
        // A reload leaves the old page's timers behind; they belong to a page that is gone.
        let page = 0;
        const open = (): CartStore => {
          page += 1;
          const mine = page;
          return createCartStore({
            storage,
            api: () => api,
            isSignedIn: () => mine === page,
            onWake: (retry) => {
              wake = retry;
              return () => undefined;
            },
          });
        };

        let store = open();
        void store.getState().loadRemote();
        await vi.advanceTimersByTimeAsync(0);
        // What the shopper expects to find: this device's edits and the other device's lines.
        let expectedLocal: CartItem[] = [];
        const expectedOther = new Map<number, number>();

        for (const step of steps) {
          switch (step.kind) {
            case 'add':
              store.getState().add(item(step.id, step.quantity));
              expectedLocal = addToCart(expectedLocal, item(step.id, step.quantity));
              break;
            case 'set':
              store.getState().setQuantity(step.id, step.quantity);
              expectedLocal = setQuantity(expectedLocal, step.id, step.quantity);
              break;
            case 'remove':
              store.getState().remove(step.id);
              expectedLocal = removeFromCart(expectedLocal, step.id);
              break;
            case 'network':
              up = step.up;
              break;
            case 'wake':
              wake();
              break;
            case 'wait':
              await vi.advanceTimersByTimeAsync(step.ms);
              break;
            case 'reload': {
              if (step.otherDevice && up) {
                const { id, quantity } = step.otherDevice;
                serverCart =
                  quantity === 0
                    ? removeFromCart(serverCart, id)
                    : [...removeFromCart(serverCart, id), item(id, quantity)];
                if (quantity === 0) expectedOther.delete(id);
                else expectedOther.set(id, quantity);
              }
              store = open();
              void store.getState().loadRemote();
              break;
            }
          }
          await vi.advanceTimersByTimeAsync(0);
        }

        // The network comes back and the browser says so; then a reload on top.
        up = true;
        wake();
        await vi.advanceTimersByTimeAsync(61_000);
        store = open();
        await store.getState().loadRemote();
        await vi.advanceTimersByTimeAsync(0);

        const local = store.getState().items;
        expect(quantities(local, LOCAL_IDS)).toEqual(quantities(expectedLocal, LOCAL_IDS));
        expect(quantities(local, OTHER_DEVICE_IDS)).toEqual(Object.fromEntries(expectedOther));
        expect(serverCart).toEqual(local);
        page += 1; // the last page's timers stop with the run
        vi.clearAllTimers();
      }),
      { numRuns: 150 },
    );
    // Alone it takes well under a second; beside other files on a loaded 2-core machine, more.
  }, 30_000);
});
