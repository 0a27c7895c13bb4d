import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { isLanguage, DEFAULT_LANGUAGE } from '@shop/shared';
import { createApiClient, type ApiClient } from '../lib/api/client';
import {
  AUTH_LOGGED_IN_EVENT,
  AUTH_LOGGED_OUT_EVENT,
  AUTH_STORAGE_KEY,
  createAuthStore,
  type AuthStore,
} from '../lib/auth/auth-store';
import { CART_STORAGE_KEY, createCartStore } from '../lib/cart/cart-store';
import { createOneClickStore } from '../lib/cart/one-click-store';
import { createPwaStore } from '../lib/pwa/pwa-store';
import type { AppServices } from '../lib/services/services';
import { browserStorage } from '../lib/storage/storage';
import type { TelegramEnv } from '../lib/telegram';
import { createToastStore } from '../lib/toast/toast-store';
import { clearCheckoutDraft } from '../features/checkout/checkout-form';
import { forgetIdempotencyKey } from '../features/checkout/idempotency';
import { createThemeStore, type ThemeStore } from '../features/preferences/theme-store';

export interface AppDeps {
  i18n: I18n;
  queryClient: QueryClient;
  telegram: TelegramEnv | null;
}

/**
 * Builds the stores and the api client and wires the spec's cross-cutting rules: the cart syncs
 * after login, a signed-in start loads the user and the saved cart, logout forgets private data.
 */
export function createAppServices(deps: AppDeps): AppServices & { theme: ThemeStore } {
  const local = browserStorage('local');
  const session = browserStorage('session');

  // The stores and the client need each other (token ↔ logout on 401); the getter breaks the cycle.
  let auth: AuthStore | null = null;
  const api: ApiClient = createApiClient({
    fetch: (...args) => window.fetch(...args),
    getContext: () => {
      const state = auth?.getState();
      const language = deps.i18n.language;
      return {
        language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
        accountType: state?.userType ?? 'null',
        token: state?.isAuthenticated && state.token ? state.token : null,
        telegramInitData: deps.telegram?.rawInitData ?? null,
      };
    },
    onUnauthorized: () => {
      void auth?.getState().logout();
    },
  });
  auth = createAuthStore({ storage: local, api: () => api, events: window });
  const authStore = auth;

  const cart = createCartStore({
    storage: local,
    api: () => api,
    isSignedIn: () => authStore.getState().isAuthenticated,
  });

  window.addEventListener(AUTH_LOGGED_IN_EVENT, () => {
    void cart.getState().syncAfterLogin();
  });
  const oneClick = createOneClickStore(session);
  window.addEventListener(AUTH_LOGGED_OUT_EVENT, () => {
    // What belonged to the account leaves with it: cart copy, orders, a half-filled checkout.
    cart.getState().clearLocal();
    oneClick.getState().set(null);
    clearCheckoutDraft(session);
    forgetIdempotencyKey(session);
    deps.queryClient.removeQueries({ queryKey: ['orders'] });
  });
  // Another tab changed the cart or signed in/out: show the same state here.
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) cart.getState().reloadLocal();
    if (event.key === AUTH_STORAGE_KEY) authStore.getState().reloadLocal();
  });

  if (authStore.getState().isAuthenticated) {
    // Spec §4: a signed-in start reads the cart from the backend; a 401 on the user logs out.
    void authStore.getState().refreshUser();
    void cart.getState().loadRemote();
  }

  return {
    api,
    auth: authStore,
    cart,
    oneClick,
    toasts: createToastStore(),
    pwa: createPwaStore(),
    session,
    theme: createThemeStore(local),
  };
}
