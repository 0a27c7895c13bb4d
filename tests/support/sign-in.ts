import type { Page } from '@playwright/test';
import { latestCodeFor } from './sms-outbox';

/** The sign-in form's labels, as the shopper reads them in each language. */
const LABELS = {
  en: { phone: 'Phone number', send: 'Send code', code: 'Code', submit: 'Sign in' },
  ru: { phone: 'Номер телефона', send: 'Получить код', code: 'Код', submit: 'Войти' },
  uz: { phone: 'Telefon raqami', send: 'Kod yuborish', code: 'Kod', submit: 'Kirish' },
} as const;

/**
 * Goes through the sign-in form the page shows: the phone, "Send code", the code the console SMS
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
  await page.getByRole('textbox', { name: label.phone }).fill(phone);
  await page.getByRole('button', { name: label.send }).click();
  await page.getByRole('textbox', { name: label.code }).fill(await latestCodeFor(phone, dataDir));
  await page.getByRole('button', { name: label.submit }).click();
}
