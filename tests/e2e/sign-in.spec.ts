import { expect, test, type Page, type Request } from '@playwright/test';
import { E2E_MAPS_DATA_DIR, E2E_MAPS_PORT } from '../support/paths';
import { completeSignIn } from '../support/sign-in';
import { latestCodeFor, readOutbox, uniquePhone } from '../support/sms-outbox';

interface Labels {
  phone: string;
  sendCode: string;
  code: string;
  signIn: string;
}

const EN: Labels = {
  phone: 'Phone number',
  sendCode: 'Send code',
  code: 'Code',
  signIn: 'Sign in',
};
const RU: Labels = {
  phone: 'Номер телефона',
  sendCode: 'Получить код',
  code: 'Код',
  signIn: 'Войти',
};

const isSendOtp = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/send-otp';

const smsFor = async (phone: string) => (await readOutbox()).filter((sms) => sms.phone === phone);

/** Opens sign-in in `lang`, asks a code for `phone` and returns the code that was sent. */
async function requestCode(page: Page, phone: string, lang = 'en', labels = EN) {
  await page.goto(`/${lang}/sign-in`);
  await page.getByRole('textbox', { name: labels.phone }).fill(phone);
  await page.getByRole('button', { name: labels.sendCode }).click();
  await expect(page.getByRole('textbox', { name: labels.code })).toBeVisible();
  return latestCodeFor(phone);
}

/** Five codes that are not `code`, one per allowed try. */
const wrongCodesFor = (code: string) =>
  [1, 2, 3, 4, 5].map((step) => String((Number(code) + step * 11_111) % 100_000).padStart(5, '0'));

/**
 * Spends all five tries on wrong codes, checking the tries left after each, and returns the
 * alert: after the fifth the server answers otp_attempts_exceeded.
 */
async function burnCode(
  page: Page,
  code: string,
  labels: Labels,
  attemptsLeftText: (left: number) => string,
) {
  const codeBox = page.getByRole('textbox', { name: labels.code });
  const alert = page.getByRole('alert');
  const wrong = wrongCodesFor(code);
  for (const [index, attempt] of wrong.entries()) {
    await codeBox.fill(attempt);
    await page.getByRole('button', { name: labels.signIn }).click();
    const left = wrong.length - 1 - index;
    if (left > 0) await expect(alert).toHaveText(attemptsLeftText(left));
  }
  return alert;
}

test.describe('sign-in: the phone, the code, the resend countdown and the limits', () => {
  test('the resend countdown follows the clock, and a resend the server refuses restarts it from retry_after', async ({
    page,
  }) => {
    // Only the page's clock is faked; the server's keeps real time, so it will refuse the resend.
    await page.clock.install();
    const phone = uniquePhone();
    const code = await requestCode(page, phone);

    const resend = page.getByRole('button', { name: /^Send again/ });
    await expect(resend).toHaveText('Send again in 60 s');
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('00:30');
    await expect(resend).toHaveText(/^Send again in (29|30) s$/);
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('00:31');
    await expect(resend).toHaveText('Send again');
    await expect(resend).toBeEnabled();

    // Let the server's own wait drop below the page's 60 s first, or a page that ignored
    // retry_after and restarted from 60 would pass too. Asking is harmless: a refusal changes
    // nothing on the server, and no SMS goes out.
    await expect
      .poll(
        async () => {
          const probe = await page.request.post('/api/auth/send-otp', { data: { phone } });
          expect(probe.status()).toBe(429);
          return ((await probe.json()) as { retry_after?: number }).retry_after ?? 60;
        },
        { intervals: [250] },
      )
      .toBeLessThan(58);

    const refused = page.waitForResponse((response) => isSendOtp(response.request()));
    await resend.click();
    const answer = await refused;
    expect(answer.status()).toBe(429);
    const body = (await answer.json()) as { code?: string; retry_after?: number };
    expect(body.code).toBe('otp_resend_too_soon');
    const retryAfter = body.retry_after ?? 0;
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThan(58);

    await expect(page.getByRole('alert')).toHaveText('Please wait before requesting another code.');
    await expect(resend).toBeDisabled();
    // The countdown must start over from the server's wait, not from the page's own 60 s. The
    // page's clock is stopped so nothing ticks on its own and the two are told apart exactly.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.clock.fastForward((retryAfter - 2) * 1000);
    await expect(resend).toHaveText(/^Send again in [12] s$/);
    await expect(resend).toBeDisabled();
    await page.clock.fastForward(3000);
    await expect(resend).toHaveText('Send again');
    await expect(resend).toBeEnabled();
    await page.clock.resume();

    // Nothing new was sent, and the code that did go out still signs the shopper in.
    expect(await smsFor(phone)).toHaveLength(1);
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/en\/account$/);
  });

  test('a number that is not an Uzbek mobile is refused under the phone field and sends nothing', async ({
    page,
  }) => {
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (isSendOtp(request)) sent.push(request);
    });
    await page.goto('/en/sign-in');
    const phoneBox = page.getByRole('textbox', { name: 'Phone number' });
    const outboxBefore = (await readOutbox()).length;

    // A Tashkent landline cannot receive an SMS; '12345' is not a phone number at all.
    for (const input of ['+998 71 234 56 78', '12345']) {
      await phoneBox.fill(input);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Enter an Uzbek mobile number: +998 and 9 digits.',
      );
      // "Under the phone field": the field itself is marked invalid and described by the error.
      await expect(phoneBox).toHaveAttribute('aria-invalid', 'true');
      await expect(phoneBox).toHaveAccessibleDescription(/Enter an Uzbek mobile number/);
      await expect(page.getByRole('textbox', { name: 'Code' })).toBeHidden();
    }

    expect(sent).toHaveLength(0);
    expect(await smsFor('+998712345678')).toHaveLength(0);
    // Specs in the other worker text their own shoppers meanwhile: of what was written since,
    // nothing went to a number made of these inputs.
    const digits = (phone: string) => phone.replace(/\D/g, '');
    const since = (await readOutbox()).slice(outboxBefore).map((sms) => digits(sms.phone));
    expect(since.filter((phone) => /^(998)?(71)?2345678$|^(998)?12345$/.test(phone))).toEqual([]);
  });

  test('the code field takes digits only, five at most', async ({ page }) => {
    await requestCode(page, uniquePhone());
    const codeBox = page.getByRole('textbox', { name: 'Code' });

    await codeBox.pressSequentially('1a2-3 4');
    await expect(codeBox).toHaveValue('1234');
    await codeBox.pressSequentially('56');
    await expect(codeBox).toHaveValue('12345');

    // Pasted or autofilled codes bring spaces and dashes along; the five digits must survive.
    await codeBox.fill('98 7-65');
    await expect(codeBox).toHaveValue('98765');
    await codeBox.fill('abc');
    await expect(codeBox).toHaveValue('');
  });

  test('five wrong codes burn the code: the shopper is told to request a new one', async ({
    page,
  }) => {
    const phone = uniquePhone();
    const code = await requestCode(page, phone);
    const alert = await burnCode(page, code, EN, (left) => `Wrong code. Attempts left: ${left}.`);
    const burned =
      'Too many wrong attempts: this code is no longer valid. Please request a new code.';
    await expect(alert).toHaveText(burned);

    // Even the right code is refused now: only a new one helps.
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toHaveText(burned);
    await expect(page).toHaveURL(/\/en\/sign-in$/);
  });

  test('in Russian at /ru, the burned code is explained in Russian', async ({ page }) => {
    const phone = uniquePhone();
    const code = await requestCode(page, phone, 'ru', RU);
    const alert = await burnCode(
      page,
      code,
      RU,
      (left) => `Неверный код. Осталось попыток: ${left}.`,
    );
    await expect(alert).toHaveText(
      'Слишком много неверных попыток: этот код больше не действует. Запросите новый код.',
    );
    // Real Russian, not the English text or a missing-key fallback.
    await expect(alert).not.toContainText(/[a-z]/i);
  });

  test('through Eskiz (the second shop, on the stand-in): a refused number is told to try again in a minute, a good one signs in', async ({
    page,
  }) => {
    const shop = `http://127.0.0.1:${E2E_MAPS_PORT}`;
    // The stand-in refuses this number as invalid, as Eskiz would; the console provider takes any.
    await page.goto(`${shop}/en/sign-in`);
    await page.getByRole('textbox', { name: EN.phone }).fill('+998 99 000 00 01');
    const refused = page.waitForResponse((response) => isSendOtp(response.request()));
    await page.getByRole('button', { name: EN.sendCode }).click();
    const answer = await refused;
    expect(answer.status()).toBe(503);
    expect(((await answer.json()) as { code?: string }).code).toBe('sms_unavailable');
    await expect(page.getByRole('alert')).toHaveText(
      'We could not send the code, try again in a minute.',
    );
    await expect(page.getByRole('textbox', { name: EN.code })).toBeHidden();

    // In Uzbek, a good number: the code Eskiz accepted is the one that signs in.
    await page.goto(`${shop}/uz/sign-in`);
    await completeSignIn(page, uniquePhone(), 'uz', E2E_MAPS_DATA_DIR);
    await expect(page).toHaveURL(/\/uz\/account$/);
  });
});
