// Offline that helps, the write side: a signed-in shopper's cart change made with
// the network off reaches the server once it is back, exactly once and nothing lost across a
// reload; an order placed offline waits with its Idempotency-Key, survives a reload, is sent once
// when the network returns, and a waiting order the shopper cancels is never sent. The page is
// reloaded only once the network is back: whether it opens offline is the service worker's part.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CALLS, type CartItem } from '@shop/shared';
import { storedCart, storedJson } from '../support/browser-state';
import { bearer, checkoutWith, lineOf, pickUpAtFirstShop, signInFresh } from '../support/checkout';

const CART_PATH = CALLS.saveCart.path;

/** The shopper's cart as the server holds it: "slug×quantity" lines. */
async function serverCart(request: APIRequestContext, page: Page): Promise<string> {
  const response = await request.get(CART_PATH, { headers: await bearer(page) });
  expect(response.status()).toBe(200);
  const lines = (await response.json()) as { slug: string; quantity: number }[];
  return lines.map((line) => `${line.slug}×${line.quantity}`).join(', ');
}

/** Counts the cart saves the page sends (POST /api/profile/cart that got an answer). */
function countCartSaves(page: Page): () => number {
  let saves = 0;
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(response.url()).pathname === CART_PATH) saves += 1;
  });
  return () => saves;
}

test.use({ viewport: { width: 360, height: 780 } });
// Several sign-ins, reloads and backoff waits each: 40 s on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

test('a cart change made offline reaches the server once the network is back, and survives a reload', async ({
  page,
  context,
  request,
}) => {
  await signInFresh(page, 'en', '/en');
  const mug = await lineOf(request, 'porcelain-mug', 'en');
  const saved = await request.post(CART_PATH, {
    data: { cart_data: [mug] },
    headers: await bearer(page),
  });
  expect(saved.status()).toBe(200);
  await page.goto('/en/cart');
  const quantity = page.getByRole('group', { name: 'Quantity of Porcelain mug' });
  await expect(quantity).toContainText('1');
  const saves = countCartSaves(page);

  await context.setOffline(true);
  const increase = page.getByRole('button', { name: 'Increase quantity of Porcelain mug' });
  await increase.click();
  await increase.click();
  await expect(quantity).toContainText('3');
  // Kept on the device while the server cannot be told.
  expect((await storedCart(page)).map((line) => line.quantity)).toEqual([3]);
  expect(await serverCart(request, page)).toBe('porcelain-mug×1');

  // Back online: the change is sent without the shopper doing anything, once.
  await context.setOffline(false);
  await expect.poll(() => serverCart(request, page)).toBe('porcelain-mug×3');
  // The server can hold the change a moment before the page sees the answer to its save.
  await expect.poll(saves).toBe(1);

  // Offline again, one more change, then a reload once the network is back: the older server copy
  // the reload reads must not replace it.
  await context.setOffline(true);
  await increase.click();
  await expect(quantity).toContainText('4');
  await context.setOffline(false);
  await page.reload();
  await expect(quantity).toContainText('4');
  await expect.poll(() => serverCart(request, page)).toBe('porcelain-mug×4');
  await page.reload();
  await expect(quantity).toContainText('4');
  expect(await serverCart(request, page)).toBe('porcelain-mug×4');
});

/** How many orders the page's shopper has, as the shop's own order list counts them. */
async function orderCount(request: APIRequestContext, page: Page): Promise<number> {
  const headers = await bearer(page);
  const user = await request.get(CALLS.authUser.path, { headers });
  expect(user.status()).toBe(200);
  const { id } = (await user.json()) as { id: number };
  const path = CALLS.customerOrders.path.replace(':customerId', String(id));
  const list = await request.get(`${path}?per_page=100`, { headers });
  expect(list.status(), await list.text()).toBe(200);
  return ((await list.json()) as { meta: { total: number } }).meta.total;
}

/** Counts the order calls that reached the shop and came back with an order. */
function countPlacedAnswers(page: Page): () => number {
  let placed = 0;
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().method() === 'POST' && pathname === CALLS.createOrder.path) {
      if (response.ok()) placed += 1;
    }
  });
  return () => placed;
}

/** Opens checkout online with `lines` and fills in a pickup order paid on receipt. */
async function fillPickupOrder(page: Page, request: APIRequestContext, lines: CartItem[]) {
  await checkoutWith(page, request, 'en', lines);
  const shops = page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio');
  await expect(shops).toHaveCount(3);
  await pickUpAtFirstShop(page);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(/90/);
}

const WAITING = 'Order waiting for the network';

test('an order placed offline waits, survives a reload, is sent once when online; a cancelled one never is', async ({
  page,
  context,
  request,
}) => {
  await signInFresh(page, 'en', '/en');
  const mug = await lineOf(request, 'porcelain-mug', 'en');
  const placedAnswers = countPlacedAnswers(page);
  await fillPickupOrder(page, request, [mug]);

  // Offline: the checkout says what will happen, and "Place order" holds the order.
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  const waiting = page.getByRole('region', { name: WAITING });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText("It will be sent when you're online.");
  await expect(waiting).toContainText('Porcelain mug');
  const held = await storedJson<{ idempotencyKey: string }[]>(page, 'heldOrders');
  expect(held).toHaveLength(1);
  const key = held?.[0]?.idempotencyKey ?? '';
  expect(key.length).toBeGreaterThanOrEqual(16);
  expect(await orderCount(request, page)).toBe(0);

  // The page is reloaded with the network back but the shop still out of reach (every order
  // call dropped): the order is read back from storage and still waits, with the same key.
  const sentKeys: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (sent.method() === 'POST' && pathname === CALLS.createOrder.path) {
      sentKeys.push(sent.headers()['idempotency-key'] ?? '');
    }
  });
  await page.route(`**${CALLS.createOrder.path}`, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  await expect(waiting).toBeVisible();
  await expect.poll(() => sentKeys.length).toBeGreaterThan(0);
  expect(await orderCount(request, page)).toBe(0);

  // The shop is reachable again: the order goes out on its own, and the shopper lands on the
  // confirmation, as after any order.
  await page.unroute(`**${CALLS.createOrder.path}`);
  await expect(page).toHaveURL(/\/en\/checkout\/confirmed\?order=/, { timeout: 30_000 });
  await expect(page.getByText('Order confirmed!')).toBeVisible();
  expect(new Set(sentKeys)).toEqual(new Set([key]));
  expect(placedAnswers()).toBe(1);
  expect(await orderCount(request, page)).toBe(1);
  expect(await storedJson(page, 'heldOrders')).toBeNull();

  // A second order held offline and cancelled while it waits: its items go back to the cart,
  // and it is never sent.
  await fillPickupOrder(page, request, [mug]);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: 'Cancel order' }).click();
  await expect(waiting).toBeHidden();
  await expect(page.getByText('Order cancelled. The items are back in your cart.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Quantity of Porcelain mug' })).toContainText('1');
  const keysBefore = sentKeys.length;
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Quantity of Porcelain mug' })).toContainText('1');
  await expect(waiting).toBeHidden();
  // The page sends only what the device still holds, and it holds nothing: no send can follow.
  expect(await storedJson(page, 'heldOrders')).toBeNull();
  expect(sentKeys.length).toBe(keysBefore);
  expect(placedAnswers()).toBe(1);
  expect(await orderCount(request, page)).toBe(1);
});

test('a held order the shop refuses when it arrives says so, is not sent again, and gives its items back', async ({
  page,
  context,
  request,
}) => {
  await signInFresh(page, 'en', '/en');
  const mug = await lineOf(request, 'porcelain-mug', 'en');
  await fillPickupOrder(page, request, [mug]);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('region', { name: WAITING })).toBeVisible();

  // Sold out meanwhile: the shop answers the order with a refusal.
  let refusals = 0;
  await page.route(`**${CALLS.createOrder.path}`, (route) => {
    refusals += 1;
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'out_of_stock', message: 'Not enough stock' }),
    });
  });
  await context.setOffline(false);
  const refused = page.getByRole('region', { name: 'Order not sent' });
  await expect(refused).toContainText(
    'The shop could not accept this order: Some items are no longer in stock in this quantity.',
  );
  await page.reload();
  await expect(refused).toBeVisible();
  expect(refusals).toBe(1);

  await refused.getByRole('button', { name: 'Return the items to the cart' }).click();
  await expect(refused).toBeHidden();
  await expect(page.getByRole('group', { name: 'Quantity of Porcelain mug' })).toContainText('1');
  expect(await storedJson(page, 'heldOrders')).toBeNull();
  expect(await orderCount(request, page)).toBe(0);
});

test('a card order offline is not held: the checkout says it needs the network', async ({
  page,
  context,
  request,
}) => {
  await signInFresh(page, 'en', '/en');
  const mug = await lineOf(request, 'porcelain-mug', 'en');
  await fillPickupOrder(page, request, [mug]);
  await page.getByRole('radio', { name: /Card online/ }).check();
  await context.setOffline(true);
  const needsNetwork = 'Paying by card needs the internet';
  await expect(page.getByRole('status').filter({ hasText: needsNetwork })).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText(needsNetwork);
  await expect(page).toHaveURL(/\/en\/checkout$/);
  expect(await storedJson(page, 'heldOrders')).toBeNull();
  await context.setOffline(false);
  expect(await orderCount(request, page)).toBe(0);
});
