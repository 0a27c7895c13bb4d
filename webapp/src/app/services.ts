// The app's services and the rules that cross them. createAppServices runs past 80 lines on
// purpose: its steps share the api client, the stores and the ended session's user; split into
// functions passing them around, it cost home's first load about 0.1 KB Brotli, which the 145 KB
// budget inside Telegram (bundle-budget.test.ts) does not have.
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
import { createHeldOrdersStore, HELD_ORDERS_STORAGE_KEY } from '../lib/cart/held-orders';
import { createOneClickStore } from '../lib/cart/one-click-store';
import { createPwaStore } from '../lib/pwa/pwa-store';
import type { AppServices } from '../lib/services/services';
import { browserStorage } from '../lib/storage/storage';
import type { TelegramEnv } from '../lib/telegram';
import { createToastStore } from '../lib/toast/toast-store';
import { clearCheckoutDraft } from '../features/checkout/checkout-draft';
import { forgetIdempotencyKey } from '../features/checkout/idempotency-storage';
import { createThemeStore, type ThemeStore } from '../features/preferences/theme-store';
import { cardKeys } from '../lib/cards/card-keys';
import { logWarning } from '../lib/log';
import { orderKeys } from '../lib/orders/order-keys';
import { telegramLinkKeys } from '../lib/telegram-link/telegram-link-keys';
import { startTelegramAutoLink } from '../lib/telegram-link/auto-link';
import { linkTelegramChat } from '../lib/telegram-link/telegram-link-calls';

/** Session storage: whose session ended, so their next sign-in resumes where they were. */
const RESUME_CHECKOUT_KEY = 'resumeCheckout';

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

  // The stores and the client need each other (token ↔ logout on 401); the getter breaks the cycle.
  let auth: AuthStore | null = null;

  // A session the server ended (a 401 on the user) is not the shopper leaving: whatever they
  // were doing stays on the device, ready for when they sign in again. `endingFor` carries the
  // user whose session ended from the logout call to the logged-out event.
  let endingFor: number | null = null;
  const endSession = () => {
    const state = auth?.getState();
    if (!state?.isAuthenticated) return;
    endingFor = state.user?.id ?? 0;
    void state.logout();
  };
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
  const forgetCheckout = () => {
    cart.getState().clearLocal();
    heldOrders.getState().forget();
    oneClick.getState().set(null);
    clearCheckoutDraft(session);
    forgetIdempotencyKey(session);
  };

  window.addEventListener(AUTH_LOGGED_IN_EVENT, () => {
    const resumeFor = session.getItem(RESUME_CHECKOUT_KEY);
    session.removeItem(RESUME_CHECKOUT_KEY);
    if (resumeFor !== null) {
      // Back after an ended session: the same shopper finds the cart and the filled checkout as
      // they left them (the backend's copy of the cart is that same cart, so it is loaded, not
      // merged in twice); anyone else does not get the previous shopper's things.
      if (resumeFor === String(authStore.getState().user?.id)) {
        void cart.getState().loadRemote();
        void heldOrders.getState().flush();
        return;
      }
      forgetCheckout();
    }
    void cart.getState().syncAfterLogin();
  });
  window.addEventListener(AUTH_LOGGED_OUT_EVENT, () => {
    // Private answers leave with the account in any case.
    for (const queryKey of [orderKeys.all, cardKeys.all, telegramLinkKeys.all, ['profile']]) {
      deps.queryClient.removeQueries({ queryKey });
    }
    if (endingFor !== null) {
      session.setItem(RESUME_CHECKOUT_KEY, String(endingFor));
      endingFor = null;
      return;
    }
    // "Log out": what belonged to the account leaves with it: cart copy, a half-filled checkout.
    session.removeItem(RESUME_CHECKOUT_KEY);
    forgetCheckout();
  });
  // Another tab changed the cart or signed in/out: show the same state here.
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) cart.getState().reloadLocal();
    if (event.key === AUTH_STORAGE_KEY) authStore.getState().reloadLocal();
    if (event.key === HELD_ORDERS_STORAGE_KEY) heldOrders.getState().reloadLocal();
  });

  // Inside Telegram the signed-in account is linked to the chat that opened the app, so order
  // updates reach it; quietly, at start when signed in and after each sign-in.
  startTelegramAutoLink({
    rawInitData: deps.telegram?.rawInitData ?? null,
    currentToken: () => {
      const state = authStore.getState();
      return state.isAuthenticated && state.token !== '' ? state.token : null;
    },
    link: (initData) => linkTelegramChat(api, initData),
    events: window,
    onLinked: () => {
      void deps.queryClient.invalidateQueries({ queryKey: telegramLinkKeys.all });
    },
    onFailure: (error) => {
      logWarning('Linking the Telegram chat failed', error);
    },
  });

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
