import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient, type ApiContext } from './client';

const user = {
  id: 1,
  name: 'Aziza',
  surname: null,
  phone: '+998901234567',
  photo: null,
  email: null,
  company: null,
  user_type: 'individual',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(context: Partial<ApiContext>, answer: () => Response | Promise<Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(answer()));
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    fetch,
    getContext: () => ({
      language: 'ru',
      accountType: 'null',
      token: null,
      telegramInitData: null,
      ...context,
    }),
    onUnauthorized,
  });
  const headersOf = (index = 0) => new Headers(fetch.mock.calls[index]?.[1]?.headers);
  return { client, fetch, onUnauthorized, headersOf };
}

describe('api client', () => {
  it('sends the language and account type on every call, and no token when signed out', async () => {
    const { client, fetch, headersOf } = setup({}, () => json({ data: [] }));
    await client.call('stores', {});
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/store/stores');
    expect(headersOf().get('x-lang')).toBe('ru');
    expect(headersOf().get('x-account-type')).toBe('null');
    expect(headersOf().has('authorization')).toBe(false);
  });

  it('sends the bearer token and extra headers when signed in', async () => {
    const { client, headersOf } = setup({ token: 't'.repeat(40), accountType: 'individual' }, () =>
      json(user),
    );
    await client.call('authUser', { headers: { 'idempotency-key': 'k' } });
    expect(headersOf().get('authorization')).toBe(`Bearer ${'t'.repeat(40)}`);
    expect(headersOf().get('x-account-type')).toBe('individual');
    expect(headersOf().get('idempotency-key')).toBe('k');
  });

  it('keeps the token off public catalogue reads, so the relay may share their answers', async () => {
    const { client, headersOf } = setup({ token: 't'.repeat(40), accountType: 'legal' }, () =>
      json({ data: [] }),
    );
    await client.call('categories', {});
    expect(headersOf().get('authorization')).toBeNull();
    // The account type still travels: a legal entity sees its own categories.
    expect(headersOf().get('x-account-type')).toBe('legal');
  });

  it('sends Telegram init data with the shopper’s own calls only', async () => {
    const { client, headersOf } = setup(
      { token: 't'.repeat(40), telegramInitData: 'query_id=1&hash=abc' },
      () => json({ data: [] }),
    );
    await client.call('stores', {});
    expect(headersOf(0).has('x-telegram-init-data')).toBe(false);
    await client.call('getCart', {}).catch(() => undefined);
    expect(headersOf(1).get('x-telegram-init-data')).toBe('query_id=1&hash=abc');
  });

  it('fills path parameters and repeats array query values', async () => {
    const { client, fetch } = setup({}, () => json({}, 404));
    await expect(
      client.call('product', {
        params: { slug: 'white-mug' },
        query: { 'resources[]': 'relateds' },
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/backend/api/ext/v1/resources/product/white-mug?resources%5B%5D=relateds',
    );
  });

  it('turns an error body into an ApiError with code, details and status', async () => {
    const { client } = setup({}, () =>
      json(
        {
          code: 'otp_resend_too_soon',
          message: 'Wait',
          retry_after: 42,
          details: [{ field: 'phone', message: 'x' }],
        },
        429,
      ),
    );
    const error = await client
      .call('sendOtp', { body: { phone: '+998901234567', user_type: 'null' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'otp_resend_too_soon',
      status: 429,
      retryAfter: 42,
      details: [{ field: 'phone', message: 'x' }],
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    const { client } = setup({}, () => json({ data: 'nope' }));
    await expect(client.call('stores', {})).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('reports a network failure as network_error with status 0', async () => {
    const { client } = setup({}, () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.call('stores', {})).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
    });
  });

  it('asks for a logout on a 401 while loading the user, and only there', async () => {
    const unauthorized = () => json({ code: 'unauthorized', message: 'no' }, 401);
    const { client, onUnauthorized } = setup({ token: 'x'.repeat(40) }, unauthorized);
    await expect(client.call('authUser', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.call('getCart', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
