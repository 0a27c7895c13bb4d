import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CALLS, type Order } from '@shop/shared';
import {
  bearer,
  checkoutWith,
  lineOf,
  nextOrderAnswer,
  orderOf,
  signInFresh,
} from '../support/checkout';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram } from '../support/telegram';

const main = (page: Page) => page.getByRole('main');

/** With E2E_SCREENSHOTS=1, the confirmation at 360 and 320 px, to look at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 780 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('what the courier was told is shown back', () => {
  test('entrance, floor, intercom and comment on the confirmation and the order page (en)', async ({
    page,
    request,
  }, testInfo) => {
    await signInFresh(page, 'en', '/en/account');
    await checkoutWith(page, request, 'en', [await lineOf(request, 'porcelain-mug', 'en')]);
    await main(page)
      .getByRole('radio', { name: /Courier delivery/ })
      .check();
    await page.getByRole('textbox', { name: 'Street and house' }).fill('Amir Temur 15');
    await page.getByRole('textbox', { name: 'Apartment' }).fill('12');
    await page.getByRole('textbox', { name: 'Entrance' }).fill('2');
    await page.getByRole('textbox', { name: 'Floor' }).fill('5');
    await page.getByRole('textbox', { name: 'Intercom' }).fill('12K');
    await page
      .getByRole('textbox', { name: 'Comment for the courier' })
      .fill('Ring twice; the gate code is 4321');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dilnoza');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Karimova');
    const answer = nextOrderAnswer(page, 'create');
    await page.getByRole('button', { name: 'Place order' }).click();
    const order = await orderOf(await answer);
    expect(order.address).toMatchObject({
      entrance: '2',
      floor: '5',
      intercom: '12K',
      comment: 'Ring twice; the gate code is 4321',
    });

    await expect(page).toHaveURL(new RegExp(`/en/checkout/confirmed\\?order=${order.number}$`));
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details).toContainText('Entrance: 2 · Floor: 5 · Intercom: 12K');
    await expect(details).toContainText(
      'Comment for the courier: Ring twice; the gate code is 4321',
    );
    await screenshots(page, testInfo, 'confirmed-courier-en-light');

    await page.goto(`/en/account/orders/${order.number}`);
    const facts = main(page).getByRole('region', { name: 'Order details' });
    await expect(facts).toContainText('Entrance: 2 · Floor: 5 · Intercom: 12K');
    await expect(facts).toContainText('Comment for the courier: Ring twice; the gate code is 4321');
  });

  test('inside Telegram (ru, dark): the confirmation and the order page name them in Russian', async ({
    page,
    request,
  }, testInfo) => {
    await openInTelegram(page, '/ru/sign-in?next=%2Fru%2Faccount', {
      languageCode: 'ru',
      colorScheme: 'dark',
    });
    await completeSignIn(page, uniquePhone(), 'ru');
    await expect(page).toHaveURL(/\/ru\/account$/);
    const mug = await lineOf(request, 'porcelain-mug', 'ru');
    const placed = await request.post(CALLS.createOrder.path, {
      headers: { ...(await bearer(page)), 'x-lang': 'ru' },
      data: {
        items: [{ product_id: mug.product_id, quantity: 1 }],
        delivery_type: 'courier',
        region: 'tashkent',
        address: 'ул. Амира Темура, 15',
        flat: '12',
        entrance: '2',
        floor: '5',
        intercom: '12К',
        address_comment: 'Позвоните за 10 минут, во дворе шлагбаум',
        name: 'Азиз',
        surname: 'Каримов',
        phone: '+998901112255',
        payment_type: 'on_receipt',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { data: Order }).data;

    await page.goto(`/ru/checkout/confirmed?order=${order.number}`);
    const details = page.getByRole('region', { name: 'Детали заказа' });
    await expect(details).toContainText('Подъезд: 2 · Этаж: 5 · Домофон: 12К');
    await expect(details).toContainText(
      'Комментарий для курьера: Позвоните за 10 минут, во дворе шлагбаум',
    );
    await screenshots(page, testInfo, 'confirmed-courier-ru-telegram-dark');

    await page.goto(`/ru/account/orders/${order.number}`);
    const facts = main(page).getByRole('region', { name: 'Детали заказа' });
    await expect(facts).toContainText('Подъезд: 2 · Этаж: 5 · Домофон: 12К');
  });
});
