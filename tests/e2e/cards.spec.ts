import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CALLS, type SavedCard } from '@shop/shared';
import { storedCart } from '../support/browser-state';
import {
  addCardByApi,
  bearer,
  checkoutWith,
  latestCardCode,
  lineOf,
  nextOrderAnswer,
  orderOf,
  signInFresh,
  TEST_CARDS,
} from '../support/checkout';

const main = (page: Page) => page.getByRole('main');

/** With E2E_SCREENSHOTS=1, the page at 360 and 320 px, to look at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 780 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 412, height: 839 });
}

async function savedCards(page: Page): Promise<SavedCard[]> {
  const answer = await page.request.get(CALLS.cards.path, { headers: await bearer(page) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: SavedCard[] }).data;
}

/** How many order and pay calls the page sends from now on. */
function recordOrderCalls(page: Page): { create: number; pay: number } {
  const calls = { create: 0, pay: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === CALLS.createOrder.path) calls.create += 1;
    if (/^\/api\/orders\/[^/]+\/pay$/.test(pathname)) calls.pay += 1;
  });
  return calls;
}

test.describe('payment cards', () => {
  test('/account (uz): add a card (brand as typed, Luhn, past expiry, SMS code), pick the default, remove one', async ({
    page,
  }) => {
    const phone = await signInFresh(page, 'uz', '/uz/account');
    const cards = page.getByRole('region', { name: 'Toʻlov kartalari' });
    await expect(cards.getByText('Saqlangan kartalar hali yoʻq.', { exact: false })).toBeVisible();
    await cards.getByRole('button', { name: 'Karta qoʻshish' }).click();

    const number = page.getByRole('textbox', { name: 'Karta raqami' });
    const expiry = page.getByRole('textbox', { name: 'Amal qilish muddati (OO/YY)' });
    await number.pressSequentially('8600');
    await expect(number).toHaveValue('8600');
    await expect(cards.getByText('Uzcard', { exact: true })).toBeVisible();
    // One wrong digit: the Luhn check catches the typo; an expiry in the past is refused.
    await number.pressSequentially('069195406312');
    await expect(number).toHaveValue('8600 0691 9540 6312');
    await expiry.pressSequentially('0120');
    await expect(expiry).toHaveValue('01/20');
    // The phone the bank texts is the shopper's own to start with.
    await expect(
      page.getByRole('textbox', { name: 'Kartaga bogʻlangan telefon raqami' }),
    ).toHaveValue(/^\+998 90 /);
    await page.getByRole('button', { name: 'Kod yuborish' }).click();
    await expect(page.getByText('Karta raqamini tekshiring: unda xato bor.')).toBeVisible();
    await expect(page.getByText('Kartaning amal qilish muddati tugagan.')).toBeVisible();
    await expect(number).toBeFocused();

    await number.fill('9860 1000 0000 0008');
    await expect(cards.getByText('Humo', { exact: true })).toBeVisible();
    await number.fill(TEST_CARDS.uzcard);
    await expect(number).toHaveValue('8600 0691 9540 6311');
    await expiry.fill('');
    await expiry.pressSequentially('399');
    await expect(expiry).toHaveValue('03/99');
    await page.getByRole('button', { name: 'Kod yuborish' }).click();

    const code = page.getByRole('textbox', { name: 'SMSdagi kod' });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(
      page.getByRole('button', { name: /soniyadan keyin qayta yuborish/ }),
    ).toBeDisabled();
    // A wrong code is refused in the shopper's language; a pasted code with a space is fine.
    await code.fill('123456');
    await page.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(page.getByText('Kod notoʻgʻri', { exact: false })).toBeVisible();
    const sent = await latestCardCode('6311');
    await code.fill(`${sent.slice(0, 3)} ${sent.slice(3)}`);
    await expect(code).toHaveValue(sent);
    await page.getByRole('button', { name: 'Tasdiqlash' }).click();

    const uzcard = cards.getByRole('listitem', { name: 'Uzcard •••• 6311' });
    await expect(uzcard).toBeVisible();
    await expect(uzcard.getByText('Asosiy', { exact: true })).toBeVisible();
    await expect(cards.getByText('8600 0691 9540 6311')).toHaveCount(0);

    // A second card, through the API this time: the list shows it, not as the default.
    await addCardByApi(page, page.request, TEST_CARDS.humo, phone);
    await page.reload();
    const humo = cards.getByRole('listitem', { name: 'Humo •••• 0008' });
    await expect(humo).toBeVisible();
    await humo.getByRole('button', { name: 'Humo •••• 0008 kartasini asosiy qilish' }).click();
    await expect(humo.getByText('Asosiy', { exact: true })).toBeVisible();
    await expect(uzcard.getByText('Asosiy', { exact: true })).toHaveCount(0);

    await uzcard.getByRole('button', { name: 'Uzcard •••• 6311 kartasini oʻchirish' }).click();
    await uzcard.getByRole('button', { name: 'Ha, oʻchirish' }).click();
    await expect(uzcard).toHaveCount(0);
    expect(await savedCards(page)).toEqual([
      expect.objectContaining({
        brand: 'humo',
        masked_number: '986010******0008',
        is_default: true,
      }),
    ]);
  });

  test('courier and a saved card; a declined card ends on the payment page and another card pays (en)', async ({
    page,
    request,
  }) => {
    const phone = await signInFresh(page, 'en', '/en/account');
    // The declined card first, so it is the default one checkout offers.
    await addCardByApi(page, request, TEST_CARDS.declined, phone);
    await addCardByApi(page, request, TEST_CARDS.uzcard, phone);
    const kettle = await lineOf(request, 'whistling-kettle', 'en');

    // Courier, paid with a saved card.
    await checkoutWith(page, request, 'en', [kettle]);
    await main(page)
      .getByRole('radio', { name: /Courier delivery/ })
      .check();
    await page.getByRole('textbox', { name: 'Street and house' }).fill('Shota Rustaveli 12');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Malika');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Tursunova');
    await page.getByRole('radio', { name: /Card online/ }).check();
    const saved = page.getByRole('radiogroup', { name: 'Saved cards' });
    await expect(saved.getByRole('radio', { name: 'Uzcard •••• 1110' })).toBeChecked();
    await saved.getByRole('radio', { name: 'Uzcard •••• 6311' }).check();
    const calls = recordOrderCalls(page);
    const paidAnswer = nextOrderAnswer(page, 'pay');
    // A double tap places and charges once: the button is off while the calls run.
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    const paid = await orderOf(await paidAnswer);
    expect(calls).toEqual({ create: 1, pay: 1 });
    expect(paid).toMatchObject({
      delivery_type: 'courier',
      payment_type: 'card',
      payment_status: 'paid',
    });
    await expect(page).toHaveURL(new RegExp(`/en/checkout/confirmed\\?order=${paid.number}$`));
    await expect(page.getByText('Order confirmed!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order details' })).toContainText('Paid');

    // Declined: the order waits, unpaid, on its payment page.
    await checkoutWith(page, request, 'en', [kettle]);
    await main(page)
      .getByRole('radio', { name: /Courier delivery/ })
      .check();
    await expect(page.getByRole('textbox', { name: 'Street and house' })).toHaveValue(
      'Shota Rustaveli 12',
    );
    await page.getByRole('radio', { name: /Card online/ }).check();
    await saved.getByRole('radio', { name: 'Uzcard •••• 1110' }).check();
    const declined = nextOrderAnswer(page, 'pay');
    await page.getByRole('button', { name: 'Place order' }).click();
    expect((await declined).status()).toBe(422);
    await expect(page).toHaveURL(/\/en\/checkout\/payment\?order=UY-\d+$/);
    const number = new URL(page.url()).searchParams.get('order') ?? '';
    await expect(page.getByRole('alert')).toContainText(
      'The payment was declined: not enough money on the card.',
    );
    await expect(page.getByText(`Order ${number}`)).toBeVisible();
    await expect(page.getByText(/Pay by \d+ \w+ \d{4}, \d\d:\d\d/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order details' })).toContainText('Not paid yet');
    expect(await storedCart(page)).toEqual([]);

    await page
      .getByRole('radiogroup', { name: 'Saved cards' })
      .getByRole('radio', { name: 'Uzcard •••• 6311' })
      .check();
    const second = nextOrderAnswer(page, 'pay');
    const payCalls = recordOrderCalls(page);
    await page.getByRole('button', { name: /^Pay / }).dblclick();
    expect(await orderOf(await second)).toMatchObject({ number, payment_status: 'paid' });
    expect(payCalls.pay).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/en/checkout/confirmed\\?order=${number}$`));
    await expect(page.getByText('Order confirmed!')).toBeVisible();

    // The card that paid is the default now: the next checkout offers it, not the declined one.
    await checkoutWith(page, request, 'en', [kettle]);
    await page.getByRole('radio', { name: /Card online/ }).check();
    await expect(saved.getByRole('radio', { name: 'Uzcard •••• 6311' })).toBeChecked();
    expect((await savedCards(page)).find((card) => card.is_default)?.masked_number).toMatch(
      /6311$/,
    );

    // Paying it again says it is paid already and shows the way to the orders.
    await page.goto(`/en/checkout/payment?order=${number}`);
    await expect(
      page.getByText(`Order ${number} is already paid. Nothing more to pay.`),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'My orders' })).toBeVisible();
  });

  test('pickup with a new card added inline, its code read from the SMS (ru)', async ({
    page,
    request,
  }) => {
    await signInFresh(page, 'ru', '/ru/account');
    await checkoutWith(page, request, 'ru', [await lineOf(request, 'porcelain-mug', 'ru')]);
    await page
      .getByRole('radiogroup', { name: 'Выберите магазин' })
      .getByRole('radio')
      .first()
      .check();
    await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Шахзод');
    await page.getByRole('textbox', { name: 'Фамилия' }).fill('Юсупов');
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();

    // No saved card yet: the add-card form is right there in the payment section.
    await page.getByRole('textbox', { name: 'Номер карты' }).fill(TEST_CARDS.uzcard2);
    await page.getByRole('textbox', { name: 'Срок действия (ММ/ГГ)' }).fill('03/99');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByRole('textbox', { name: 'Код из SMS' }).fill(await latestCardCode('6478'));
    await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
    await expect(
      page
        .getByRole('radiogroup', { name: 'Сохранённые карты' })
        .getByRole('radio', { name: 'Uzcard •••• 6478' }),
    ).toBeChecked();

    const paidAnswer = nextOrderAnswer(page, 'pay');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    const paid = await orderOf(await paidAnswer);
    expect(paid).toMatchObject({
      delivery_type: 'pickup',
      payment_type: 'card',
      payment_status: 'paid',
    });
    await expect(page.getByText('Заказ подтверждён!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Детали заказа' })).toContainText('Оплачен');
  });

  test('"Buy in one click" by courier and card; the cart stays as it was (uz)', async ({
    page,
    request,
  }) => {
    const phone = await signInFresh(page, 'uz', '/uz/account');
    await addCardByApi(page, request, TEST_CARDS.humo, phone);
    await page.goto('/uz/products/stainless-saucepan-set');
    await page.getByRole('button', { name: 'Bir klikda xarid qilish' }).click();
    await expect(page).toHaveURL(/\/uz\/checkout$/);

    await main(page)
      .getByRole('radio', { name: /Kuryer orqali yetkazish/ })
      .check();
    await page.getByRole('textbox', { name: 'Koʻcha va uy' }).fill('Mustaqillik 5');
    await page.getByRole('textbox', { name: 'Ism', exact: true }).fill('Jasur');
    await page.getByRole('textbox', { name: 'Familiya' }).fill('Nazarov');
    await page.getByRole('radio', { name: /Karta orqali onlayn/ }).check();
    await expect(page.getByRole('radio', { name: 'Humo •••• 0008' })).toBeChecked();
    const paidAnswer = nextOrderAnswer(page, 'pay');
    await page.getByRole('button', { name: 'Buyurtma berish' }).click();
    const paid = await orderOf(await paidAnswer);
    expect(paid).toMatchObject({
      delivery_type: 'courier',
      payment_type: 'card',
      payment_status: 'paid',
    });
    expect(paid.items).toHaveLength(1);
    await expect(page).toHaveURL(/\/uz\/checkout\/confirmed\?order=/);
    expect(await page.evaluate(() => sessionStorage.getItem('oneClickBuyItem'))).toBeNull();
  });

  test("the card's phone field says whose number it is; the code step names the one texted (en)", async ({
    page,
  }) => {
    await signInFresh(page, 'en', '/en/account');
    const cards = page.getByRole('region', { name: 'Payment cards' });
    await cards.getByRole('button', { name: 'Add card' }).click();
    await page.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.uzcard);
    await page.getByRole('textbox', { name: 'Valid thru (MM/YY)' }).fill('03/99');
    // The bank texts the card's own phone: the field asks for that number, and says so.
    const cardPhone = page.getByRole('textbox', { name: 'Phone number linked to the card' });
    await expect(cardPhone).toHaveAccessibleDescription(
      'Your bank texts the code only to the number the card is registered to.',
    );
    await cardPhone.fill('+998 91 555 66 77');
    await page.getByRole('button', { name: 'Send code' }).click();
    // Another number than the one typed got the code: the page names the one it went to.
    await expect(page.getByRole('status').filter({ hasText: 'Enter the code' })).toHaveText(
      'Enter the code your bank sent to 99890*****11. That is the number your bank has for this card, not +998 91 555 66 77.',
    );
  });

  test('a wrong card code says how many tries are left, as sign-in does (en)', async ({
    page,
  }, testInfo) => {
    await signInFresh(page, 'en', '/en/account');
    const cards = page.getByRole('region', { name: 'Payment cards' });
    await cards.getByRole('button', { name: 'Add card' }).click();
    await page.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.uzcard);
    await page.getByRole('textbox', { name: 'Valid thru (MM/YY)' }).fill('03/99');
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByRole('textbox', { name: 'Code from SMS' });
    await code.fill('123456');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(code).toHaveAccessibleDescription(/Wrong code\. Attempts left: 2\./);
    await code.fill('654321');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(code).toHaveAccessibleDescription(/Wrong code\. Attempts left: 1\./);
    await screenshots(page, testInfo, 'card-code-en-light');
    await code.fill(await latestCardCode('6311'));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(cards.getByRole('listitem', { name: 'Uzcard •••• 6311' })).toBeVisible();
  });

  test('a card its bank has blocked is told so, not to check its balance (en)', async ({
    page,
    request,
  }, testInfo) => {
    const phone = await signInFresh(page, 'en', '/en/account');
    await addCardByApi(page, request, TEST_CARDS.blocked, phone);
    await checkoutWith(page, request, 'en', [await lineOf(request, 'porcelain-mug', 'en')]);
    await page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio').first().check();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Malika');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Tursunova');
    await page.getByRole('radio', { name: /Card online/ }).check();
    await page
      .getByRole('radiogroup', { name: 'Saved cards' })
      .getByRole('radio', { name: 'Humo •••• 2226' })
      .check();
    const declined = nextOrderAnswer(page, 'pay');
    await page.getByRole('button', { name: 'Place order' }).click();
    expect(await (await declined).json()).toMatchObject({
      code: 'payment_declined',
      details: [{ field: 'card_id', rule: 'card_blocked' }],
    });
    await expect(page).toHaveURL(/\/en\/checkout\/payment\?order=UY-\d+$/);
    const blockedText =
      'The payment was declined: the bank has blocked this card. The order is waiting: pay with another card or call your bank.';
    await expect(page.getByRole('alert')).toHaveText(blockedText);
    await expect(page.getByRole('alert')).not.toContainText('balance');
    // Paying with it again on this page says the same.
    await page
      .getByRole('radiogroup', { name: 'Saved cards' })
      .getByRole('radio', { name: 'Humo •••• 2226' })
      .check();
    const again = nextOrderAnswer(page, 'pay');
    await page.getByRole('button', { name: /^Pay / }).click();
    expect((await again).status()).toBe(422);
    await expect(page.getByRole('alert')).toHaveText(blockedText);
    await screenshots(page, testInfo, 'payment-blocked-en-light');
  });
});
