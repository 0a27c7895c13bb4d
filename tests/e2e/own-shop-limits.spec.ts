// A shop of its own with a low sign-in limit (the suite's shops count far above what it does): a
// shopper over the limit of their address is told, in their language, how long to wait.
import { expect, test, type Request } from '@playwright/test';
import { WEBAPP_DIST } from '../support/paths';
import { startShopProcess } from '../support/shop-process';
import { uniquePhone } from '../support/sms-outbox';

const RU = { phone: 'Номер телефона', sendCode: 'Получить код', code: 'Код' };

const isSendOtp = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/send-otp';

test('a shopper over the sign-in limit of their address is told, in Russian, how long to wait', async ({
  page,
}) => {
  // A shop of its own with a low limit: the suite's shops count far above what it does.
  const shop = await startShopProcess('sign-in-limit', {
    WEBAPP_DIST,
    RATE_LIMIT_SIGN_IN_CODES_PER_CLIENT: '2/10m',
  });
  try {
    for (let asked = 0; asked < 2; asked += 1) {
      await page.goto(`${shop.baseUrl}/ru/sign-in`);
      await page.getByRole('textbox', { name: RU.phone }).fill(uniquePhone());
      await page.getByRole('button', { name: RU.sendCode }).click();
      await expect(page.getByRole('textbox', { name: RU.code })).toBeVisible();
    }
    await page.goto(`${shop.baseUrl}/ru/sign-in`);
    await page.getByRole('textbox', { name: RU.phone }).fill(uniquePhone());
    const refused = page.waitForResponse(
      (response) => isSendOtp(response.request()) && response.status() === 429,
    );
    await page.getByRole('button', { name: RU.sendCode }).click();
    await refused;
    // The ten-minute window has just begun: 10 minutes to wait, as the server's retry_after says.
    await expect(page.getByText('Слишком много попыток. Повторите через 10 мин.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: RU.code })).toHaveCount(0);
  } finally {
    await shop.stop();
  }
});
