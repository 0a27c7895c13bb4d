// The profile photo on /account, in Russian: a real JPEG (encoded by the browser itself) is
// previewed, uploads with a progress bar, and comes back as the stored photo; an SVG named .png is
// refused with the reason in the shopper's language and changes nothing. Then the same page at
// 360 px, standalone and inside Telegram's dark theme, for the screenshots.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram } from '../support/telegram';
import { linesOf } from '../support/text-lines';

const UPLOAD_PATH = '/api/profile/upload-photo';
/** An HEVC-coded HEIC, as iPhones write them. */
const HEIC_FIXTURE = fileURLToPath(
  new URL('../../backend/src/photos/fixtures/photo.heic', import.meta.url),
);

/** A 1200×900 JPEG with some texture, encoded by Chromium's own JPEG encoder. */
async function browserJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 900;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 1200, 900);
    gradient.addColorStop(0, '#0b7a63');
    gradient.addColorStop(1, '#f2c14e');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1200, 900);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(600, 380, 180, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/jpeg', 0.9);
    });
    if (!blob) throw new Error('no JPEG');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** With E2E_SCREENSHOTS=1, pictures to look at (CI does not need them). */
async function screenshot(target: Page | Locator, name: string, fullPage = false) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(`${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

const photoSection = (page: Page) => page.getByRole('region', { name: 'Фото' });

// The narrowest phone the shop is laid out for.
test.use({ viewport: { width: 360, height: 800 } });

test('a shopper sees their new photo before, while and after it uploads; a fake one is refused', async ({
  page,
}) => {
  await page.goto('/ru/sign-in');
  await completeSignIn(page, uniquePhone(), 'ru');
  await expect(page).toHaveURL(/\/ru\/account$/);
  const section = photoSection(page);
  await expect(section.getByText('Выбрать фото')).toBeVisible();
  // Only what the server reads is offered: HEIC is left out of the picker, so iPhones hand over
  // a JPEG instead.
  await expect(section.getByText('JPEG, PNG или WebP, до 10 МБ.')).toBeVisible();
  // A size broken across lines ("10 / МБ") reads as two things.
  expect(await linesOf(page, 'main', '10 МБ')).toBe(1);
  const accept = await section.locator('input[type=file]').getAttribute('accept');
  expect(accept?.split(',')).toEqual(['image/jpeg', 'image/png', 'image/webp']);

  const jpeg = await browserJpeg(page);
  expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  await section
    .locator('input[type=file]')
    .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const preview = section.getByRole('img', { name: 'Новое фото до загрузки' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1200);

  // The upload is held at the network until the progress bar has been seen, so it is seen
  // however fast this machine is; then it goes on to the real server.
  let releaseUpload: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    releaseUpload = resolve;
  });
  await page.route(`**${UPLOAD_PATH}`, async (route) => {
    await held;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Загрузить фото' }).click();
  const progress = section.getByRole('progressbar', { name: 'Ход загрузки' });
  await expect(progress).toBeVisible();
  await expect(section.getByText(/^Загрузка… \d+%$/)).toBeVisible();
  await screenshot(section, 'photo-uploading');
  releaseUpload();

  await expect(progress).toBeHidden();
  await expect(page.getByText('Фото обновлено.')).toBeVisible();
  const current = section.getByRole('img', { name: 'Фото' });
  await expect(current).toHaveAttribute('src', /^\/media\/photos\/[0-9a-f]{32}\.webp$/);
  // Stored at most 1024 px wide, upright: 1200×900 becomes 1024×768.
  await expect
    .poll(() => current.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1024);
  const storedSrc = await current.getAttribute('src');
  // The profile card's avatar shows it too.
  await expect(page.locator(`.profile__avatar img[src="${storedSrc ?? ''}"]`)).toBeVisible();
  await page.unroute(`**${UPLOAD_PATH}`);

  // An SVG with a script, named and typed as a PNG: the server reads the bytes and refuses it.
  await section.locator('input[type=file]').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ),
  });
  await section.getByRole('button', { name: 'Загрузить фото' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'Этот файл не подходит. Выберите фото в формате JPEG, PNG или WebP.',
  );
  await screenshot(section, 'photo-refused');
  await section.getByRole('button', { name: 'Отмена' }).click();

  // An iPhone HEIC picked anyway ("All files") is refused with what to do instead.
  await section.locator('input[type=file]').setInputFiles({
    name: 'IMG_0001.HEIC',
    mimeType: 'image/heic',
    buffer: await readFile(HEIC_FIXTURE),
  });
  await section.getByRole('button', { name: 'Загрузить фото' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'Фото HEIC не принимаются. Выберите JPEG, PNG или WebP (на iPhone: Настройки → Камера → Форматы → Наиболее совместимый).',
  );
  await screenshot(section, 'photo-heic-refused');
  await section.getByRole('button', { name: 'Отмена' }).click();
  await expect(section.getByRole('img', { name: 'Фото' })).toHaveAttribute('src', storedSrc ?? '');

  // At 360 px: standalone light (this page), then inside Telegram with its dark theme (freshly
  // opened with the same session), where the stored photo shows too.
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await screenshot(page, 'account-360-light', true);
  const telegram = await page.context().newPage();
  await openInTelegram(telegram, '/ru/account', { colorScheme: 'dark', languageCode: 'ru' });
  await expect(photoSection(telegram).getByRole('img', { name: 'Фото' })).toHaveAttribute(
    'src',
    storedSrc ?? '',
  );
  await screenshot(telegram, 'account-360-telegram-dark', true);
});
