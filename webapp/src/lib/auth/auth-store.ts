import { AccountTypeSchema, UserSchema, type User } from '@shop/shared';
import * as z from 'zod/mini';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/api-error';
import { logWarning } from '../log';
import { readJson, writeJson, type KeyValueStorage } from '../storage/storage';

export const AUTH_STORAGE_KEY = 'auth';
export const AUTH_LOGGED_IN_EVENT = 'auth:logged-in';
export const AUTH_LOGGED_OUT_EVENT = 'auth:logged-out';

/** A signed-out shopper's user type is this string, and it is what the account-type header sends. */
export const NO_USER_TYPE = 'null';

/** The auth state, exactly what lands in local storage under `auth`. */
export const AuthStateSchema = z.object({
  isAuthenticated: z.boolean(),
  token: z.string(),
  user: z.nullable(UserSchema),
  userType: z.union([AccountTypeSchema, z.literal(NO_USER_TYPE)]),
});
export type AuthState = z.infer<typeof AuthStateSchema>;

export const SIGNED_OUT: AuthState = {
  isAuthenticated: false,
  token: '',
  user: null,
  userType: NO_USER_TYPE,
};

export interface AuthActions {
  /** After a verified code: store the token, load the user, save, announce. */
  signIn(token: string, fallbackUser?: User): Promise<void>;
  /** Reload the signed-in user; the api client turns a 401 into `logout()`. */
  refreshUser(): Promise<void>;
  setUser(user: User): void;
  logout(): Promise<void>;
  /** Re-reads local storage, e.g. after another tab signed in or out. */
  reloadLocal(): void;
}

export type AuthStore = StoreApi<AuthState & AuthActions>;

export interface AuthStoreDeps {
  storage: KeyValueStorage;
  /** A getter, because the api client itself reads the token from this store. */
  api: () => ApiClient;
  /** Where `auth:logged-in` / `auth:logged-out` are dispatched: `window` in the browser. */
  events: Pick<EventTarget, 'dispatchEvent'>;
}

/** Restored state is parsed: anything malformed signs the shopper out instead of crashing. */
export function readStoredAuth(storage: KeyValueStorage): AuthState {
  const parsed = AuthStateSchema.safeParse(readJson(storage, AUTH_STORAGE_KEY));
  if (!parsed.success) return SIGNED_OUT;
  const state = parsed.data;
  // A "signed in" state without a token cannot make a single authenticated call.
  if (state.isAuthenticated && state.token === '') return SIGNED_OUT;
  return state;
}

function snapshot(state: AuthState): AuthState {
  return {
    isAuthenticated: state.isAuthenticated,
    token: state.token,
    user: state.user,
    userType: state.userType,
  };
}

export function createAuthStore(deps: AuthStoreDeps): AuthStore {
  const store = createStore<AuthState & AuthActions>()((set, get) => {
    const save = () => {
      writeJson(deps.storage, AUTH_STORAGE_KEY, snapshot(get()));
    };

    const logout = async () => {
      const { token } = get();
      if (token !== '') {
        try {
          await deps.api().call('logout', {});
        } catch (error) {
          // A failed server logout is logged only; the shopper is signed out anyway.
          logWarning('Logout call failed', error);
        }
      }
      set({ ...SIGNED_OUT });
      save();
      deps.events.dispatchEvent(new Event(AUTH_LOGGED_OUT_EVENT));
    };

    return {
      ...readStoredAuth(deps.storage),

      async signIn(token, fallbackUser) {
        set({ token, isAuthenticated: true });
        let user: User | undefined;
        try {
          user = await deps.api().call('authUser', {});
        } catch (error) {
          // A 401 has already signed us out through the api client; nothing more to do.
          if (isApiError(error) && error.status === 401) throw error;
          // The verify answer carries the same user: better than failing a sign-in the server
          // has already accepted because a second call hiccupped.
          if (!fallbackUser) throw error;
          logWarning('Loading the user after sign-in failed; using the sign-in answer', error);
          user = fallbackUser;
        }
        set({ user, userType: user.user_type, isAuthenticated: true });
        save();
        deps.events.dispatchEvent(new Event(AUTH_LOGGED_IN_EVENT));
      },

      async refreshUser() {
        if (!get().isAuthenticated) return;
        try {
          const user = await deps.api().call('authUser', {});
          get().setUser(user);
        } catch (error) {
          if (!(isApiError(error) && error.status === 401)) {
            logWarning('Reloading the user failed', error);
          }
        }
      },

      setUser(user) {
        if (!get().isAuthenticated) return;
        set({ user, userType: user.user_type });
        save();
      },

      logout,

      reloadLocal() {
        set(readStoredAuth(deps.storage));
      },
    };
  });
  return store;
}
