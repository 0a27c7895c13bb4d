import { expect, type Page } from '@playwright/test';
import { latestCodeFor } from './sms-outbox';

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
 * provider wrote for that phone, "Sign in". Where the shopper lands afterwards is the caller's to
 * check.
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
  await phoneField.fill(phone);
  await page.getByRole('button', { name: label.send }).click();
  await page.getByRole('textbox', { name: label.code }).fill(await latestCodeFor(phone, dataDir));
  await page.getByRole('button', { name: label.submit }).click();
}
