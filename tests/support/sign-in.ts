import { expect, type Page } from '@playwright/test';
import { latestCodeFor } from './sms-outbox';
import { mainButtonState, pressMainButton } from './telegram';

/** The sign-in form's labels, as the shopper reads them in each language. */
const LABELS = {
  en: {
    phone: 'Phone number',
    send: 'Send code',
    code: 'Code',
    submit: 'Sign in',
    useSms: 'Sign in with an SMS code instead',
  },
  ru: {
    phone: 'Номер телефона',
    send: 'Получить код',
    code: 'Код',
    submit: 'Войти',
    useSms: 'Войти по коду из SMS',
  },
  uz: {
    phone: 'Telefon raqami',
    send: 'Kod yuborish',
    code: 'Kod',
    submit: 'Kirish',
    useSms: 'SMS kod bilan kirish',
  },
} as const;

/**
 * Goes through the sign-in form the page shows (by SMS code, also where the Telegram number is
 * offered first): the phone, "Send code", the code the console SMS
 * provider wrote for that phone, "Sign in". Inside Telegram "Send code" and "Sign in" are the
 * MainButton, pressed through the client stand-in. Where the shopper lands afterwards is the
 * caller's to check.
 */
export async function completeSignIn(
  page: Page,
  phone: string,
  lang: keyof typeof LABELS = 'en',
  /** The data directory of the server the page talks to, when it is not the main one. */
  dataDir?: string,
): Promise<void> {
  const label = LABELS[lang];
  const phoneField = page.getByRole('textbox', { name: label.phone });
  // Inside Telegram, with a bot that can take the Telegram number, that is offered first.
  const useSms = page.getByRole('button', { name: label.useSms });
  await expect(phoneField.or(useSms)).toBeVisible();
  if (await useSms.isVisible()) await useSms.click();
  const inTelegram = await page.evaluate(() => 'TelegramWebviewProxy' in window);
  await phoneField.fill(phone);
  await submitStep(page, inTelegram, label.send);
  await page.getByRole('textbox', { name: label.code }).fill(await latestCodeFor(phone, dataDir));
  await submitStep(page, inTelegram, label.submit);
}

/** The step's primary action: the MainButton inside Telegram, the page's own button standalone. */
async function submitStep(page: Page, inTelegram: boolean, text: string): Promise<void> {
  if (!inTelegram) {
    await page.getByRole('button', { name: text }).click();
    return;
  }
  // Pressed only once the app has put this step's text on it, not the previous step's.
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ is_visible: true, is_active: true, text });
  await pressMainButton(page);
}
