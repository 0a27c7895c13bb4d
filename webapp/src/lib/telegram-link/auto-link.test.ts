import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createApiClient } from '../api/client';
import { AUTH_LOGGED_IN_EVENT } from '../auth/auth-store';
import { startTelegramAutoLink } from './auto-link';
import { TELEGRAM_LINK_CALLS, linkTelegramChat } from './telegram-link-calls';

const INIT_DATA = 'query_id=AAE&user=%7B%22id%22%3A777%7D&auth_date=1700000000&hash=abc';

/** Lets the promise callbacks of the link call run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(options: { rawInitData?: string | null; token?: string | null } = {}) {
  let token = options.token ?? null;
  const events = new EventTarget();
  const link = vi.fn<(initData: string) => Promise<unknown>>(() =>
    Promise.resolve({ linked: true, language: 'uz' }),
  );
  const onLinked = vi.fn();
  const onFailure = vi.fn();
  const stop = startTelegramAutoLink({
    rawInitData: options.rawInitData === undefined ? INIT_DATA : options.rawInitData,
    currentToken: () => token,
    link,
    events,
    onLinked,
    onFailure,
  });
  const signIn = (next: string) => {
    token = next;
    events.dispatchEvent(new Event(AUTH_LOGGED_IN_EVENT));
  };
  const signOut = () => {
    token = null;
  };
  return { link, onLinked, onFailure, stop, signIn, signOut, events };
}

describe('linking the Telegram chat', () => {
  it('outside Telegram sends nothing, at start or after a sign-in', async () => {
    const { link, signIn } = setup({ rawInitData: null, token: 'a'.repeat(40) });
    signIn('b'.repeat(40));
    await settle();
    expect(link).not.toHaveBeenCalled();
  });

  it('links once at app start when the shopper is already signed in', async () => {
    const { link, onLinked, events } = setup({ token: 'a'.repeat(40) });
    expect(link).toHaveBeenCalledTimes(1);
    expect(link).toHaveBeenCalledWith(INIT_DATA);
    // The same session announced again (another render, a repeated event) sends nothing more.
    events.dispatchEvent(new Event(AUTH_LOGGED_IN_EVENT));
    events.dispatchEvent(new Event(AUTH_LOGGED_IN_EVENT));
    await settle();
    expect(link).toHaveBeenCalledTimes(1);
    expect(onLinked).toHaveBeenCalledTimes(1);
  });

  it('waits for a sign-in when the app opens signed out, then links once', async () => {
    const { link, signIn } = setup();
    expect(link).not.toHaveBeenCalled();
    signIn('a'.repeat(40));
    expect(link).toHaveBeenCalledTimes(1);
    expect(link).toHaveBeenCalledWith(INIT_DATA);
    await settle();
  });

  it('links again when another session signs in on the device', async () => {
    const { link, signIn, signOut } = setup({ token: 'a'.repeat(40) });
    signOut();
    signIn('b'.repeat(40));
    expect(link).toHaveBeenCalledTimes(2);
    await settle();
  });

  it('reports a failure quietly and does not retry it within the session', async () => {
    const { link, onLinked, onFailure, events, signIn } = setup();
    const refused = new ApiError({ code: 'unauthorized', message: 'HTTP 401', status: 401 });
    link.mockImplementationOnce(() => Promise.reject(refused));
    signIn('a'.repeat(40));
    await settle();
    expect(onFailure).toHaveBeenCalledWith(refused);
    expect(onLinked).not.toHaveBeenCalled();
    events.dispatchEvent(new Event(AUTH_LOGGED_IN_EVENT));
    await settle();
    expect(link).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', async () => {
    const { link, stop, signIn } = setup();
    stop();
    signIn('a'.repeat(40));
    await settle();
    expect(link).not.toHaveBeenCalled();
  });
});

describe('the link calls through the api client', () => {
  function client(status: number, answer: unknown) {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify(answer), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      fetch,
      getContext: () => ({
        language: 'uz',
        accountType: 'individual',
        token: 't'.repeat(40),
        telegramInitData: INIT_DATA,
      }),
      onUnauthorized,
    });
    return { api, fetch, onUnauthorized };
  }

  it('posts the raw init data with the bearer token to /tg/link', async () => {
    const { api, fetch } = client(200, { linked: true, language: 'uz' });
    await expect(linkTelegramChat(api, INIT_DATA)).resolves.toEqual({
      linked: true,
      language: 'uz',
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/tg/link');
    expect(init?.method).toBe('POST');
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : null).toEqual({
      init_data: INIT_DATA,
    });
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${'t'.repeat(40)}`);
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('a 401 from the server is an error for the caller, not a sign-out', async () => {
    const { api, onUnauthorized } = client(401, {
      code: 'unauthorized',
      message: 'Telegram init data is not valid or too old',
    });
    await expect(linkTelegramChat(api, INIT_DATA)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('an answer outside the contract is an invalid_response', async () => {
    const { api } = client(200, { enabled: 'yes' });
    await expect(api.server(TELEGRAM_LINK_CALLS.status)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
