// The app's services: the api client and the stores, built once; account-events.ts holds the
// rules that cross them when the shopper signs in or out.
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { isLanguage, DEFAULT_LANGUAGE } from '@shop/shared';
import { createApiClient, type ApiClient } from '../lib/api/client';
import { createAuthStore, type AuthStore } from '../lib/auth/auth-store';
import { createCartStore } from '../lib/cart/cart-store';
import { createHeldOrdersStore } from '../lib/cart/held-orders';
import { createOneClickStore } from '../lib/cart/one-click-store';
import { createPwaStore } from '../lib/pwa/pwa-store';
import type { AppServices } from '../lib/services/services';
import { browserStorage } from '../lib/storage/storage';
import type { TelegramEnv } from '../lib/telegram';
import { createToastStore } from '../lib/toast/toast-store';
import { createThemeStore, type ThemeStore } from '../features/preferences/theme-store';
import { followSignInAndOut, linkTelegramChatOnSignIn, signedInToken } from './account-events';

export interface AppDeps {
  i18n: I18n;
  queryClient: QueryClient;
  telegram: TelegramEnv | null;
}

/**
 * Builds the stores and the api client and wires the rules that cross them: the cart syncs
 * after login, a signed-in start loads the user and the saved cart, logout forgets private data.
 */
export function createAppServices(deps: AppDeps): AppServices & { theme: ThemeStore } {
  const local = browserStorage('local');
  const session = browserStorage('session');

  // The stores and the client need each other (token ↔ logout on 401): the client reads the auth
  // store through `auth`, and ends a session the server ended through `endSession`, both set
  // once the stores exist.
  let auth: AuthStore | null = null;
  let endSession = (): void => undefined;
  const api: ApiClient = createApiClient({
    fetch: (...args) => window.fetch(...args),
    getContext: () => {
      const state = auth?.getState();
      const language = deps.i18n.language;
      return {
        language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
        accountType: state?.userType ?? 'null',
        token: signedInToken(state),
        telegramInitData: deps.telegram?.rawInitData ?? null,
      };
    },
    onUnauthorized: () => {
      endSession();
    },
  });
  auth = createAuthStore({ storage: local, api: () => api, events: window });
  const authStore = auth;

  const cart = createCartStore({
    storage: local,
    api: () => api,
    isSignedIn: () => authStore.getState().isAuthenticated,
  });
  // Orders placed offline wait in local storage and go out with the same shopper's session.
  const heldOrders = createHeldOrdersStore({
    storage: local,
    api: () => api,
    currentUserId: () => {
      const state = authStore.getState();
      return state.isAuthenticated ? (state.user?.id ?? null) : null;
    },
  });
  const oneClick = createOneClickStore(session);

  endSession = followSignInAndOut(deps.queryClient, session, authStore, cart, heldOrders, oneClick);
  linkTelegramChatOnSignIn(deps, api, authStore);

  if (authStore.getState().isAuthenticated) {
    // A signed-in start reads the cart from the backend; a 401 on the user logs out.
    void authStore.getState().refreshUser();
    void cart.getState().loadRemote();
    void heldOrders.getState().flush();
  }

  return {
    api,
    auth: authStore,
    cart,
    heldOrders,
    oneClick,
    toasts: createToastStore(),
    pwa: createPwaStore(),
    session,
    theme: createThemeStore(local),
  };
}
