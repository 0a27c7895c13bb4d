import { expect, test, type Page } from '@playwright/test';
import {
  addCardByApi,
  checkoutWith,
  latestCardCode,
  lineOf,
  nextOrderAnswer,
  orderOf,
  TEST_CARDS,
} from '../support/checkout';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import {
  mainButtonState,
  openInTelegram,
  pressBackButton,
  pressMainButton,
  telegramEvents,
  type LaunchOptions,
} from '../support/telegram';

const SAMARKAND = { latitude: 39.6542, longitude: 66.9597 };

const main = (page: Page) => page.getByRole('main');

/** Opens the Mini App on sign-in, signs a fresh phone in and lands on the account page. */
async function signInInTelegram(page: Page, lang: 'ru' | 'uz', options: LaunchOptions = {}) {
  const phone = uniquePhone();
  await openInTelegram(page, `/${lang}/sign-in?next=/${lang}/account`, {
    languageCode: lang,
    ...options,
  });
  await completeSignIn(page, phone, lang);
  // By the path: the sign-in page's own address ends in `?next=/{lang}/account` too.
  await expect(page).toHaveURL((url) => url.pathname === `/${lang}/account`);
  return phone;
}

async function posted(page: Page, type: string, match: (data: unknown) => boolean = () => true) {
  return (await telegramEvents(page)).some((event) => event.type === type && match(event.data));
}

const haptic = (kind: 'success' | 'error') => (data: unknown) =>
  (data as { type?: string; notification_type?: string }).notification_type === kind;

test.describe('checkout inside Telegram', () => {
  test('courier to Samarkand with the location from Telegram, placed with the MainButton (ru, dark)', async ({
    page,
    request,
  }) => {
    await signInInTelegram(page, 'ru', { colorScheme: 'dark', location: SAMARKAND });
    // Opened full height: a checkout form needs the whole screen.
    await expect.poll(() => posted(page, 'web_app_expand')).toBe(true);

    await checkoutWith(page, request, 'ru', [await lineOf(request, 'porcelain-mug', 'ru')]);
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Подтвердить заказ');
    // No in-page button: the MainButton is the action.
    await expect(main(page).getByRole('button', { name: 'Подтвердить заказ' })).toHaveCount(0);

    await main(page)
      .getByRole('radio', { name: /Доставка курьером/ })
      .check();
    await page.getByRole('combobox', { name: 'Регион' }).selectOption('samarkand');
    await page.getByRole('textbox', { name: 'Город или район' }).fill('Самарканд');
    await page.getByRole('textbox', { name: 'Улица и дом' }).fill('Регистан, 5');
    await page.getByRole('button', { name: 'Моё местоположение' }).click();
    await expect(page.getByText('Местоположение указано')).toBeVisible();
    // Telegram's location manager answered (the page has no browser geolocation permission).
    expect(await posted(page, 'web_app_request_location')).toBe(true);

    // An empty name (the one Telegram's profile filled in, cleared): refused with a buzz, the
    // name field focused.
    await page.getByRole('textbox', { name: 'Имя', exact: true }).clear();
    await pressMainButton(page);
    await expect(page.getByRole('textbox', { name: 'Имя', exact: true })).toBeFocused();
    await expect
      .poll(() => posted(page, 'web_app_trigger_haptic_feedback', haptic('error')))
      .toBe(true);

    await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Нодира');
    const surname = page.getByRole('textbox', { name: 'Фамилия' });
    await surname.fill('Рашидова');

    // The keyboard opens: Telegram reports a shorter viewport, and the field being typed into
    // comes back into view instead of staying under the keyboard.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await expect(surname).not.toBeInViewport();
    await page.evaluate(() => {
      const w = window as unknown as {
        Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } };
      };
      w.Telegram.WebView.receiveEvent('viewport_changed', {
        height: Math.round(window.innerHeight / 2),
        width: window.innerWidth,
        is_expanded: true,
        is_state_stable: true,
      });
    });
    await expect(surname).toBeFocused();
    await expect(surname).toBeInViewport();
    const answer = nextOrderAnswer(page, 'create');
    await pressMainButton(page);
    const order = await orderOf(await answer);
    expect(order).toMatchObject({
      delivery_type: 'courier',
      location: { lat: SAMARKAND.latitude, lng: SAMARKAND.longitude },
      address: { region: 'samarkand', city: 'Самарканд' },
      receipt_payment: 'cash',
    });
    await expect(page.getByText('Заказ подтверждён!')).toBeVisible();
    expect(
      await posted(
        page,
        'web_app_setup_main_button',
        (data) => (data as { is_progress_visible?: boolean }).is_progress_visible === true,
      ),
    ).toBe(true);
    expect(await posted(page, 'web_app_trigger_haptic_feedback', haptic('success'))).toBe(true);
  });

  test('a new card inline (Back leaves its code step), then a declined card paid on the payment page with the MainButton (uz)', async ({
    page,
    request,
  }) => {
    const phone = await signInInTelegram(page, 'uz');
    await checkoutWith(page, request, 'uz', [await lineOf(request, 'porcelain-mug', 'uz')]);
    await page
      .getByRole('radiogroup', { name: 'Doʻkonni tanlang' })
      .getByRole('radio')
      .first()
      .check();
    await page.getByRole('textbox', { name: 'Ism', exact: true }).fill('Sardor');
    await page.getByRole('textbox', { name: 'Familiya' }).fill('Qodirov');
    await page.getByRole('radio', { name: /Karta orqali onlayn/ }).check();

    const number = page.getByRole('textbox', { name: 'Karta raqami' });
    await number.fill(TEST_CARDS.uzcard);
    await page.getByRole('textbox', { name: 'Amal qilish muddati (OO/YY)' }).fill('03/99');
    await page.getByRole('button', { name: 'Kod yuborish' }).click();
    await expect(page.getByRole('textbox', { name: 'SMSdagi kod' })).toBeVisible();
    // Telegram's Back leaves the code step for the card details, not the checkout.
    await pressBackButton(page);
    await expect(number).toHaveValue('8600 0691 9540 6311');
    await expect(page).toHaveURL(/\/uz\/checkout$/);
    await page.getByRole('button', { name: 'Kod yuborish' }).click();
    await page.getByRole('textbox', { name: 'SMSdagi kod' }).fill(await latestCardCode('6311'));
    await page.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(page.getByRole('radio', { name: 'Uzcard •••• 6311' })).toBeChecked();

    const paid = nextOrderAnswer(page, 'pay');
    await pressMainButton(page);
    expect(await orderOf(await paid)).toMatchObject({
      delivery_type: 'pickup',
      payment_type: 'card',
      payment_status: 'paid',
    });
    await expect(page.getByText('Buyurtma tasdiqlandi!')).toBeVisible();

    // A declined card: the payment page, paid there with another card through the MainButton.
    await addCardByApi(page, request, TEST_CARDS.declined, phone);
    await checkoutWith(page, request, 'uz', [await lineOf(request, 'porcelain-mug', 'uz')]);
    await page
      .getByRole('radiogroup', { name: 'Doʻkonni tanlang' })
      .getByRole('radio')
      .first()
      .check();
    await page.getByRole('radio', { name: /Karta orqali onlayn/ }).check();
    await page.getByRole('radio', { name: 'Uzcard •••• 1110' }).check();
    await pressMainButton(page);
    await expect(page).toHaveURL(/\/uz\/checkout\/payment\?order=UY-\d+$/);
    await expect(page.getByRole('alert')).toContainText('Toʻlov rad etildi');
    await expect
      .poll(() => posted(page, 'web_app_trigger_haptic_feedback', haptic('error')))
      .toBe(true);
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Toʻlash');
    await page.getByRole('radio', { name: 'Uzcard •••• 6311' }).check();
    const second = nextOrderAnswer(page, 'pay');
    await pressMainButton(page);
    expect(await orderOf(await second)).toMatchObject({ payment_status: 'paid' });
    await expect(page.getByText('Buyurtma tasdiqlandi!')).toBeVisible();
  });
});
