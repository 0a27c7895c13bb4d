// "My orders": the list, newest first with dates per language; an order's page with
// its lines, recipient, delivery, payment and the status history read from the details call;
// "Order again"; an order opened from a Telegram deep link, signed out and signed in, with
// Telegram's BackButton leading to the list. Russian and English standalone, Uzbek inside Telegram
// (every month of all three is in format-date.test.ts). Orders are placed through the shop's API where
// placing them is not what is tested; one is placed in the browser, to see it in the list at once.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { CALLS, formatMoney, type CartItem, type Language, type Order } from '@shop/shared';
import { bearer, lineOf, signInFresh } from '../support/checkout';
import { completeSignIn } from '../support/sign-in';
import { E2E_DATA_DIR, REPO_ROOT } from '../support/paths';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram, pressBackButton } from '../support/telegram';

/** CLDR's long date in Tashkent, as Node's full ICU writes it: what the page must show. */
function longDate(iso: string, lang: Language): string {
  const locale = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' }[lang];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Tashkent' }).format(
    new Date(iso),
  );
}

/** A pickup or courier order of `line`, placed through the API for the page's shopper. */
async function placeByApi(
  request: APIRequestContext,
  page: Page,
  lang: Language,
  line: CartItem,
  how: 'pickup-cash' | 'courier-card',
): Promise<Order> {
  const delivery =
    how === 'pickup-cash'
      ? { delivery_type: 'pickup', store_id: 1, payment_type: 'on_receipt' }
      : {
          delivery_type: 'courier',
          region: 'tashkent',
          address: 'Amir Temur 15',
          flat: '12',
          payment_type: 'card',
        };
  const answer = await request.post(CALLS.createOrder.path, {
    headers: { ...(await bearer(page)), 'x-lang': lang },
    data: {
      items: [{ product_id: line.product_id, quantity: line.quantity }],
      name: 'Aziz',
      surname: 'Karimov',
      phone: '+998901234567',
      ...delivery,
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: Order }).data;
}

/** The operator's command (`pnpm order:status`), run against the shop the tests started. */
async function moveOrder(number: string, status: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'backend/src/scripts/order-status.ts', number, status],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: E2E_DATA_DIR } },
  );
}

const main = (page: Page) => page.getByRole('main');
const orderCards = (page: Page) => main(page).getByRole('list').first().getByRole('link');

/** With E2E_SCREENSHOTS=1, pictures of the pages at 360 px to look at (CI does not need them). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test.use({ viewport: { width: 360, height: 780 } });

test('my orders (ru): newest first, an order page with its timeline, order again', async ({
  page,
  request,
}, testInfo) => {
  // A confirmation link opened signed out (kept from the chat, another device) signs in first,
  // then leads to that order's own page.
  await page.goto('/ru/checkout/confirmed?order=UY-001001');
  await expect(page).toHaveURL(/\/ru\/sign-in\?next=%2Fru%2Faccount%2Forders%2FUY-001001$/);

  await signInFresh(page, 'ru', '/ru/account/orders');
  await expect(main(page).getByText('У вас пока нет заказов')).toBeVisible();

  const mug = await lineOf(request, 'porcelain-mug', 'ru', 2);
  const courier = await placeByApi(request, page, 'ru', mug, 'courier-card');
  // The shop's operator confirms it: the history gains the step, with its time.
  await moveOrder(courier.number, 'confirmed');
  const board = await lineOf(request, 'piyola-set', 'ru', 1);
  const saved = await request.post(CALLS.saveCart.path, {
    data: { cart_data: [board] },
    headers: await bearer(page),
  });
  expect(saved.status()).toBe(200);

  // The list is read and cached; the next order is placed in the app, without a reload, and the
  // list shows it as soon as it is opened again.
  await page.reload();
  await expect(orderCards(page)).toHaveCount(1);
  await page
    .getByRole('link', { name: /^Корзина/ })
    .first()
    .click();
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click();
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Aziz');
  await page.getByRole('textbox', { name: 'Фамилия', exact: true }).fill('Karimov');
  await main(page)
    .getByRole('radiogroup', { name: /магазин/i })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page.getByText('Заказ подтверждён!')).toBeVisible();
  // The confirmation says who receives it, how it travels and how it is paid.
  const details = page.getByRole('region', { name: 'Детали заказа' });
  await expect(details).toContainText('Aziz Karimov');
  await expect(details).toContainText('Самовывоз из магазина');
  await expect(details).toContainText('Наличными при получении');
  const placedNumber = new URL(page.url()).searchParams.get('order') ?? '';
  await main(page).getByRole('link', { name: 'Мои заказы' }).click();

  await expect(page).toHaveURL(/\/ru\/account\/orders$/);
  await expect(orderCards(page)).toHaveCount(2);
  await expect(orderCards(page).first()).toContainText(`Заказ ${placedNumber}`);
  const courierCard = orderCards(page).nth(1);
  await expect(courierCard).toContainText(`Заказ ${courier.number}`);
  await expect(courierCard).toContainText(`Оформлен ${longDate(courier.created_at, 'ru')}`);
  await expect(courierCard).toContainText('Подтверждён');
  await expect(courierCard).toContainText(formatMoney(courier.total, 'ru'));
  await screenshot(page, testInfo, 'orders-list-ru-light');

  // A card is a link to the order's page.
  await courierCard.click();
  await expect(page).toHaveURL(new RegExp(`/ru/account/orders/${courier.number}$`));
  await expect(main(page).getByRole('heading', { name: `Заказ ${courier.number}` })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Товары' })).toContainText(mug.name);
  // The line's picture (decorative: the name beside it says what it is).
  await expect(main(page).getByRole('region', { name: 'Товары' }).locator('img')).toHaveCount(1);
  const facts = main(page).getByRole('region', { name: 'Детали заказа' });
  await expect(facts).toContainText('Aziz Karimov');
  await expect(facts).toContainText('Amir Temur 15');
  await expect(facts).toContainText('Ещё не оплачен');
  // The history comes from the details call with its statuses.
  const history = main(page).getByRole('region', { name: 'Статус заказа' });
  const steps = history.getByRole('listitem');
  await expect(steps).toHaveText([
    new RegExp(`^Новый${longDate(courier.created_at, 'ru')}, \\d\\d:\\d\\d$`),
    /^Подтверждён\d{1,2} \S+ \d{4} г\., \d\d:\d\d$/,
    'Собирается',
    'В пути',
    'Выполнен',
  ]);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(main(page).getByRole('link', { name: /^Оплатить/ })).toHaveAttribute(
    'href',
    `/ru/checkout/payment?order=${courier.number}`,
  );
  await screenshot(page, testInfo, 'order-page-ru-light');

  // Order again: its line goes into the (now empty) cart, and the cart opens.
  await main(page).getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page).toHaveURL(/\/ru\/cart$/);
  await expect(main(page).getByText(mug.name)).toBeVisible();
  await expect(main(page).locator('.stepper__value')).toHaveText(['2']);
});

test('inside Telegram (uz, dark): an order deep link signs in first, then opens the order; Back leads to the list', async ({
  page,
  context,
  request,
}, testInfo) => {
  // Signed out, a chat's "Open order" button: sign in, then that order's page (not this
  // shopper's order, so the page says so).
  const launch = { languageCode: 'uz', colorScheme: 'dark' } as const;
  await openInTelegram(page, '/uz', { ...launch, startParam: 'order_UY-1' });
  await expect(page).toHaveURL(/\/uz\/sign-in\?next=%2Fuz%2Faccount%2Forders%2FUY-1$/);
  await completeSignIn(page, uniquePhone(), 'uz');
  await expect(page).toHaveURL(/\/uz\/account\/orders\/UY-1$/);
  await expect(main(page)).toContainText('Buyurtmalaringiz orasida bunday raqamli buyurtma yoʻq.');

  const mug = await lineOf(request, 'porcelain-mug', 'uz', 1);
  const order = await placeByApi(request, page, 'uz', mug, 'pickup-cash');

  // Signed in, a new launch with that order's link (a fresh launch: its own session storage).
  const again = await context.newPage();
  await openInTelegram(again, '/uz', { ...launch, startParam: `order_${order.number}` });
  await expect(again).toHaveURL(new RegExp(`/uz/account/orders/${order.number}$`));
  await expect(
    main(again).getByRole('heading', { name: `Buyurtma ${order.number}` }),
  ).toBeVisible();
  // Uzbek dates with Latin month names, never Chromium's "2025 M10 1".
  await expect(main(again)).toContainText(`Sana: ${longDate(order.created_at, 'uz')}`);
  await expect(main(again)).not.toContainText(/\d{4} M\d/);
  const facts = main(again).getByRole('region', { name: 'Buyurtma tafsilotlari' });
  await expect(facts).toContainText('Doʻkondan olib ketish');
  await expect(facts).toContainText('Qabul qilganda naqd pul');
  const history = main(again).getByRole('region', { name: 'Buyurtma holati' });
  await expect(history.getByRole('listitem').first()).toContainText('Yangi');
  await expect(history.getByRole('listitem').first()).toContainText(
    longDate(order.created_at, 'uz'),
  );
  await expect(history.getByRole('listitem').nth(3)).toContainText('Olib ketishga tayyor');
  // Paid on receipt: nothing to pay here; no page link back (Telegram's own button does it).
  await expect(main(again).getByRole('link', { name: /^Toʻlash/ })).toHaveCount(0);
  await expect(main(again).getByRole('link', { name: 'Barcha buyurtmalar' })).toHaveCount(0);
  await screenshot(again, testInfo, 'order-page-uz-telegram-dark');

  await pressBackButton(again);
  await expect(again).toHaveURL(/\/uz\/account\/orders$/);
  await expect(orderCards(again)).toHaveCount(1);
  await expect(orderCards(again).first()).toContainText(`Buyurtma ${order.number}`);
  await expect(orderCards(again).first()).toContainText(
    `Sana: ${longDate(order.created_at, 'uz')}`,
  );
  await screenshot(again, testInfo, 'orders-list-uz-telegram-dark');
});

test('my orders (en): the list with English dates, an order page with its totals and history', async ({
  page,
  request,
}, testInfo) => {
  await signInFresh(page, 'en', '/en/account/orders');
  await expect(main(page).getByText('You have no orders yet')).toBeVisible();

  const mug = await lineOf(request, 'porcelain-mug', 'en', 2);
  const courier = await placeByApi(request, page, 'en', mug, 'courier-card');
  await moveOrder(courier.number, 'confirmed');
  const bowl = await lineOf(request, 'piyola-set', 'en', 1);
  const pickup = await placeByApi(request, page, 'en', bowl, 'pickup-cash');

  await page.reload();
  await expect(orderCards(page)).toHaveCount(2);
  // Newest first, each with its English long date ("24 November 2026"), status and total.
  const [newest, older] = [orderCards(page).first(), orderCards(page).nth(1)];
  await expect(newest).toContainText(`Order ${pickup.number}`);
  await expect(newest).toContainText(`Placed on ${longDate(pickup.created_at, 'en')}`);
  await expect(newest).toContainText('New');
  await expect(older).toContainText(`Order ${courier.number}`);
  await expect(older).toContainText(`Placed on ${longDate(courier.created_at, 'en')}`);
  await expect(older).toContainText('Confirmed');
  await expect(older).toContainText(formatMoney(courier.total, 'en'));
  expect(longDate(courier.created_at, 'en')).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await screenshot(page, testInfo, 'orders-list-en-light');

  await older.click();
  await expect(page).toHaveURL(new RegExp(`/en/account/orders/${courier.number}$`));
  await expect(main(page).getByRole('heading', { name: `Order ${courier.number}` })).toBeVisible();
  await expect(main(page)).toContainText(`Placed on ${longDate(courier.created_at, 'en')}`);
  // The lines and the totals under them: subtotal, the courier's price, and their sum.
  const lines = main(page).getByRole('region', { name: 'Items' });
  await expect(lines).toContainText(mug.name);
  const totals = lines.locator('dl');
  await expect(totals.locator('div')).toHaveText([
    `Subtotal${formatMoney(courier.subtotal, 'en')}`,
    `Delivery${courier.delivery_price === 0 ? 'Free' : formatMoney(courier.delivery_price, 'en')}`,
    `Total${formatMoney(courier.total, 'en')}`,
  ]);
  expect(courier.total).toBe(courier.subtotal + courier.delivery_price);
  const facts = main(page).getByRole('region', { name: 'Order details' });
  await expect(facts).toContainText('Aziz Karimov');
  await expect(facts).toContainText('Courier to the door');
  await expect(facts).toContainText('Amir Temur 15, apt. 12');
  await expect(facts).toContainText('Not paid yet');
  const steps = main(page).getByRole('region', { name: 'Order status' }).getByRole('listitem');
  await expect(steps).toHaveText([
    new RegExp(`^New${longDate(courier.created_at, 'en')}, \\d\\d:\\d\\d$`),
    /^Confirmed\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d$/,
    'Being assembled',
    'On the way',
    'Completed',
  ]);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(main(page).getByRole('link', { name: /^Pay/ })).toHaveAttribute(
    'href',
    `/en/checkout/payment?order=${courier.number}`,
  );
  await screenshot(page, testInfo, 'order-page-en-light');
});
