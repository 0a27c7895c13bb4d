// Inside Telegram, what Telegram already knows: the phone of the shopper's Telegram account signs
// them in with one tap (requestContact, checked by the server with the bot's token, no SMS), and
// the bot's permission to write (requestWriteAccess) decides whether order updates can arrive.
// The shop runs with its bot on (support/bot-shop.ts), so the server checks signatures with the
// same token the client stand-in signs with (support/telegram.ts).
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { TELEGRAM_LINK_PATHS, TelegramLinkStatusSchema } from '@shop/shared';
import { botShopContext, startBotShop, type BotShop } from '../support/bot-shop';
import {
  bearer,
  checkoutWith,
  lineOf,
  nextOrderAnswer,
  orderOf,
  pickUpAtFirstShop,
} from '../support/checkout';
import { completeSignIn } from '../support/sign-in';
import { latestCodeFor, readOutbox, uniquePhone } from '../support/sms-outbox';
import {
  mainButtonState,
  openInTelegram,
  pressMainButton,
  signedContact,
  signedLaunchHash,
  telegramEvents,
  type ContactOptions,
  type LaunchOptions,
} from '../support/telegram';

let shop: BotShop;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startBotShop();
});

test.afterAll(async () => {
  await (shop as BotShop | undefined)?.stop();
});

const shopContext = (browser: Browser) => botShopContext(browser, shop);

/** With E2E_SCREENSHOTS=1, the screen at 360 px, to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** '+998901234567' as Telegram writes a shared number: '998901234567'. */
const telegramNumber = (phone: string) => phone.slice(1);

async function smsTo(phone: string): Promise<number> {
  return (await readOutbox(shop.dataDir)).filter((line) => line.phone === phone).length;
}

async function openSignIn(page: Page, lang: 'uz' | 'ru' | 'en', launch: LaunchOptions) {
  await openInTelegram(page, `/${lang}/sign-in?next=${encodeURIComponent(`/${lang}/account`)}`, {
    languageCode: lang,
    ...launch,
  });
}

/** The raw init data a launch with `launch` carries, as the app sends it. */
function initDataOf(launch: LaunchOptions = {}): string {
  return new URLSearchParams(signedLaunchHash(launch)).get('tgWebAppData') ?? '';
}

test('one tap (ru, dark): the shared Telegram number signs in with no SMS and links the chat', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  const phone = uniquePhone();
  const userId = 731_000_001;
  await openSignIn(page, 'ru', {
    colorScheme: 'dark',
    userId,
    contact: { phoneNumber: telegramNumber(phone) },
  });
  await expect(page.getByText('Поделитесь номером своего аккаунта Telegram')).toBeVisible();
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ is_visible: true, text: 'Поделиться номером из Telegram' });
  // No phone field: the number comes from Telegram.
  await expect(page.getByRole('textbox', { name: 'Номер телефона' })).toHaveCount(0);
  await screenshot(page, testInfo, 'sign-in-telegram-share-ru-dark');

  await pressMainButton(page);
  await expect(page).toHaveURL(/\/ru\/account$/);
  await expect(page.getByText(phone.slice(-2), { exact: false }).first()).toBeVisible();
  const events = (await telegramEvents(page)).map((event) => event.type);
  expect(events).toContain('web_app_request_phone');
  expect(await smsTo(phone)).toBe(0);
  // The chat is linked: order messages can reach it.
  const status = await page.request.get(`${shop.baseUrl}${TELEGRAM_LINK_PATHS.link}`, {
    headers: await bearer(page),
  });
  expect(TelegramLinkStatusSchema.parse(await status.json()).linked).toBe(true);
  await context.close();
});

test('a number that is not Uzbek (en, light) leads to the SMS code, sent and confirmed with the MainButton', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  await openSignIn(page, 'en', { userId: 731_000_002, contact: { phoneNumber: '79161234567' } });
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ is_visible: true, text: 'Share my Telegram number' });
  await screenshot(page, testInfo, 'sign-in-telegram-share-en-light');
  await pressMainButton(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'not an Uzbek one (+998)' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/sign-in/);
  // The SMS steps keep Telegram's MainButton for their action, with no page button beside it.
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ is_visible: true, is_active: true, text: 'Send code' });
  await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);
  await screenshot(page, testInfo, 'sign-in-telegram-not-uzbek-en-light');
  const phone = uniquePhone();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await pressMainButton(page);
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeVisible();
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ is_visible: true, is_active: true, text: 'Sign in' });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await screenshot(page, testInfo, 'sign-in-telegram-code-en-light');
  await page.getByRole('textbox', { name: 'Code' }).fill(await latestCodeFor(phone, shop.dataDir));
  await pressMainButton(page);
  await expect(page).toHaveURL(/\/en\/account$/);
  await expect.poll(() => mainButtonState(page)).toMatchObject({ is_visible: false });
  await context.close();
});

test('a refusal to share (uz, dark) leads to the SMS code with the reason', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  await openSignIn(page, 'uz', { userId: 731_000_003, contact: 'cancelled', colorScheme: 'dark' });
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ is_visible: true, text: 'Telegram raqamimni ulashish' });
  await pressMainButton(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Telegram raqamingizni ulashmadingiz' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Telefon raqami' })).toBeVisible();
  await screenshot(page, testInfo, 'sign-in-telegram-refused-uz-dark');
  await completeSignIn(page, uniquePhone(), 'uz', shop.dataDir);
  await expect(page).toHaveURL(/\/uz\/account$/);
  await context.close();
});

test('a forged contact in the page is refused and signs nobody in', async ({ browser }) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  const phone = uniquePhone();
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname === TELEGRAM_LINK_PATHS.phoneSignIn,
  );
  await openSignIn(page, 'en', {
    userId: 731_000_004,
    contact: { phoneNumber: telegramNumber(phone), variant: 'forged' },
  });
  await expect.poll(() => mainButtonState(page)).toMatchObject({ is_visible: true });
  await pressMainButton(page);
  expect((await refused).status()).toBe(401);
  await expect(page.getByRole('alert')).toContainText('could not be checked');
  await expect(page).toHaveURL(/\/en\/sign-in/);
  await expect(bearer(page)).rejects.toThrow('not signed in');
  await context.close();
});

test('the server refuses forged, stale, other-user and other-bot contacts (401/403)', async ({
  request,
}) => {
  const phone = uniquePhone();
  const userId = 731_000_005;
  const post = (contact: string, init = initDataOf({ userId })) =>
    request.post(`${shop.baseUrl}${TELEGRAM_LINK_PATHS.phoneSignIn}`, {
      data: { init_data: init, contact },
    });
  const variants: { variant: ContactOptions['variant']; status: number }[] = [
    { variant: 'forged', status: 401 },
    { variant: 'stale', status: 401 },
    { variant: 'otherBot', status: 401 },
    { variant: 'otherUser', status: 403 },
  ];
  for (const { variant, status } of variants) {
    const answer = await post(
      signedContact({ phoneNumber: telegramNumber(phone), variant }, userId),
    );
    expect(answer.status(), variant).toBe(status);
    expect(await answer.json(), variant).not.toHaveProperty('access_token');
  }
  // A genuine contact with another user's launch is another user's contact.
  const genuine = signedContact({ phoneNumber: telegramNumber(phone) }, userId);
  expect((await post(genuine, initDataOf({ userId: userId + 7 }))).status()).toBe(403);
  // The genuine one signs in, with no SMS.
  const answer = await post(genuine);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ user: { phone } });
  expect(await smsTo(phone)).toBe(0);
});

test('write access (en, dark): asked on the confirmation, the refusal shown on account and order pages', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  const phone = uniquePhone();
  // Opened from a link, never started: the bot may not write yet.
  await openSignIn(page, 'en', {
    colorScheme: 'dark',
    userId: 731_000_006,
    allowsWriteToPm: false,
    writeAccess: 'cancelled',
    contact: { phoneNumber: telegramNumber(phone) },
  });
  await expect.poll(() => mainButtonState(page)).toMatchObject({ is_visible: true });
  await pressMainButton(page);
  await expect(page).toHaveURL(/\/en\/account$/);
  const updates = page.locator('section.telegram-updates');
  await expect(updates).toContainText('Order updates in Telegram are off');
  await expect(updates.getByRole('button', { name: 'Allow messages' })).toBeVisible();
  await updates.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'account-updates-off-en-dark');

  await checkoutWith(page, context.request, 'en', [
    await lineOf(context.request, 'porcelain-mug', 'en'),
  ]);
  await pickUpAtFirstShop(page);
  const placed = nextOrderAnswer(page, 'create');
  await pressMainButton(page);
  const order = await orderOf(await placed);
  await expect(page).toHaveURL(/\/en\/checkout\/confirmed/);
  // Asked at once, with the reason beside it; the shopper refuses.
  await expect
    .poll(async () => (await telegramEvents(page)).map((event) => event.type))
    .toContain('web_app_request_write_access');
  await expect(page.getByText('You did not allow messages')).toBeVisible();
  await screenshot(page, testInfo, 'confirmed-updates-refused-en-dark');

  await page.goto(`/en/account/orders/${order.number}`);
  await expect(page.getByText('Order updates in Telegram are off')).toBeVisible();
  await screenshot(page, testInfo, 'order-updates-off-en-dark');
  await context.close();
});

test('write access allowed from the account page (ru, light) turns the updates on', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  await openSignIn(page, 'ru', {
    userId: 731_000_007,
    allowsWriteToPm: false,
    writeAccess: 'allowed',
    contact: { phoneNumber: telegramNumber(uniquePhone()) },
  });
  await expect.poll(() => mainButtonState(page)).toMatchObject({ is_visible: true });
  await pressMainButton(page);
  await expect(page).toHaveURL(/\/ru\/account$/);
  const updates = page.locator('section.telegram-updates');
  await expect(updates).toContainText('Уведомления о заказах в Telegram выключены');
  await screenshot(page, testInfo, 'account-updates-off-ru-light');
  await updates.getByRole('button', { name: 'Разрешить сообщения' }).click();
  await expect(updates).toContainText('Уведомления о заказах приходят вам в Telegram', {
    timeout: 15_000,
  });
  await updates.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'account-updates-on-ru-light');
  await context.close();
});
