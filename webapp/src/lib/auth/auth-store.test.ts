import type { User } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { createMemoryStorage } from '../storage/storage';
import {
  AUTH_LOGGED_IN_EVENT,
  AUTH_LOGGED_OUT_EVENT,
  AUTH_STORAGE_KEY,
  createAuthStore,
  SIGNED_OUT,
} from './auth-store';

const user: User = {
  id: 5,
  name: 'Aziza',
  surname: 'Karimova',
  phone: '+998901234567',
  photo: null,
  email: null,
  company: null,
  user_type: 'individual',
};
const TOKEN = 'a'.repeat(40);

function setup(stored?: unknown, call: ApiClient['call'] = vi.fn()) {
  const storage = createMemoryStorage(
    stored === undefined
      ? {}
      : { [AUTH_STORAGE_KEY]: typeof stored === 'string' ? stored : JSON.stringify(stored) },
  );
  const events = new EventTarget();
  const seen: string[] = [];
  events.addEventListener(AUTH_LOGGED_IN_EVENT, () => seen.push(AUTH_LOGGED_IN_EVENT));
  events.addEventListener(AUTH_LOGGED_OUT_EVENT, () => seen.push(AUTH_LOGGED_OUT_EVENT));
  const api: ApiClient = { call, server: vi.fn(), upload: vi.fn() };
  const store = createAuthStore({ storage, api: () => api, events });
  const saved = () => JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null') as unknown;
  return { store, storage, seen, saved, call };
}

describe('auth store', () => {
  it('starts signed out with userType "null"', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject(SIGNED_OUT);
    expect(store.getState().userType).toBe('null');
  });

  it.each([
    ['half-written JSON', '{"isAuthenticated": tr'],
    ['a foreign shape', { token: 5 }],
    [
      'signed in without a token',
      { isAuthenticated: true, token: '', user: null, userType: 'null' },
    ],
    [
      'a bad user',
      { isAuthenticated: true, token: TOKEN, user: { id: 'x' }, userType: 'individual' },
    ],
  ])('drops %s from storage instead of crashing', (_, stored) => {
    const { store } = setup(stored);
    expect(store.getState()).toMatchObject(SIGNED_OUT);
  });

  it('restores a valid saved state', () => {
    const saved = { isAuthenticated: true, token: TOKEN, user, userType: 'individual' };
    expect(setup(saved).store.getState()).toMatchObject(saved);
  });

  it('signs in: token stored, user fetched, type set, saved, event fired', async () => {
    const call = vi.fn(() => Promise.resolve(user)) as unknown as ApiClient['call'];
    const { store, saved, seen } = setup(undefined, call);
    await store.getState().signIn(TOKEN);
    expect(call).toHaveBeenCalledWith('authUser', {});
    expect(saved()).toEqual({ isAuthenticated: true, token: TOKEN, user, userType: 'individual' });
    expect(seen).toEqual([AUTH_LOGGED_IN_EVENT]);
  });

  it('logs out even when the server logout fails: cleared, saved, event fired', async () => {
    const call = vi.fn(() =>
      Promise.reject(new ApiError({ code: 'network_error', message: '', status: 0 })),
    );
    const stored = { isAuthenticated: true, token: TOKEN, user, userType: 'individual' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, saved, seen } = setup(stored, call);
    await store.getState().logout();
    expect(call).toHaveBeenCalledWith('logout', {});
    expect(saved()).toEqual(SIGNED_OUT);
    expect(seen).toEqual([AUTH_LOGGED_OUT_EVENT]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
