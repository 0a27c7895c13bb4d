import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { errorMessage } from './error-message';
import { createI18n, loadTextPart } from './i18n';
import { ru } from './locales/shop/ru';
import { uz } from './locales/shop/uz';

function rateLimited(retryAfter?: number): ApiError {
  return new ApiError({
    code: 'rate_limited',
    message: 'Too many requests. Try again later.',
    status: 429,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
}

describe('errorMessage', () => {
  it("tells a rate-limited shopper how long to wait, in the shopper's language", () => {
    const i18n = createI18n('ru', ru);
    expect(errorMessage(i18n.t, rateLimited(45))).toBe(
      'Слишком много попыток. Повторите через 45 с.',
    );
    expect(errorMessage(i18n.t, rateLimited(301))).toBe(
      'Слишком много попыток. Повторите через 6 мин.',
    );
    const uzbek = createI18n('uz', uz);
    expect(errorMessage(uzbek.t, rateLimited(120))).toBe(
      'Urinishlar juda koʻp. 2 daqiqadan keyin qayta urinib koʻring.',
    );
  });

  it('falls back to the code’s own text when no wait is given', () => {
    const i18n = createI18n('ru', ru);
    expect(errorMessage(i18n.t, rateLimited())).toBe(ru.errors.codes.rate_limited);
    expect(errorMessage(i18n.t, new Error('boom'))).toBe(ru.errors.generic);
  });

  it('reads the translations, never the server’s English message', async () => {
    const i18n = createI18n('uz', uz);
    await loadTextPart(i18n, 'uz', 'ordering');
    expect(errorMessage(i18n.t, rateLimited(10))).not.toContain('Too many');
  });
});
