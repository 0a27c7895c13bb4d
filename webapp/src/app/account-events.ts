// The rules that cross the stores when the shopper signs in or out, here or in another tab: the
// cart and the held orders follow the account, a half-filled checkout resumes only for its owner,
// and inside Telegram the account is linked to the chat.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../lib/api/client';
import {
  AUTH_LOGGED_IN_EVENT,
  AUTH_LOGGED_OUT_EVENT,
  AUTH_STORAGE_KEY,
  type AuthState,
  type AuthStore,
} from '../lib/auth/auth-store';
import { cardKeys } from '../lib/cards/card-keys';
import { CART_STORAGE_KEY, type CartStore } from '../lib/cart/cart-store';
import { HELD_ORDERS_STORAGE_KEY, type HeldOrdersStore } from '../lib/cart/held-orders';
import type { OneClickStore } from '../lib/cart/one-click-store';
import { logWarning } from '../lib/log';
import { orderKeys } from '../lib/orders/order-keys';
import type { KeyValueStorage } from '../lib/storage/storage';
import type { TelegramEnv } from '../lib/telegram';
import { startTelegramAutoLink } from '../lib/telegram-link/auto-link';
import { linkTelegramChat } from '../lib/telegram-link/telegram-link-calls';
import { telegramLinkKeys } from '../lib/telegram-link/telegram-link-keys';
import { clearCheckoutDraft } from '../features/checkout/checkout-draft';
import { forgetIdempotencyKey } from '../features/checkout/idempotency-storage';

/** The token calls are made with: a signed-in account's, or none. */
export function signedInToken(state: AuthState | undefined): string | null {
  return state?.isAuthenticated && state.token !== '' ? state.token : null;
}

/** Session storage: whose session ended, so their next sign-in resumes where they were. */
const RESUME_CHECKOUT_KEY = 'resumeCheckout';

/**
 * After a sign-in the cart syncs (merged, or loaded for the shopper whose session ended); after
 * a sign-out private answers leave, and so does what belonged to the account unless the server
 * ended the session. Returns what the api client calls on a 401 to end it.
 */
export function followSignInAndOut(
  queryClient: QueryClient,
  session: KeyValueStorage,
  auth: AuthStore,
  cart: CartStore,
  heldOrders: HeldOrdersStore,
  oneClick: OneClickStore,
): () => void {
  // A session the server ended (a 401 on the user) is not the shopper leaving: whatever they
  // were doing stays on the device, ready for when they sign in again. `endingFor` carries the
  // user whose session ended from the logout call to the logged-out event.
  let endingFor: number | null = null;
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
      if (resumeFor === String(auth.getState().user?.id)) {
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
      queryClient.removeQueries({ queryKey });
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
    if (event.key === AUTH_STORAGE_KEY) auth.getState().reloadLocal();
    if (event.key === HELD_ORDERS_STORAGE_KEY) heldOrders.getState().reloadLocal();
  });

  return () => {
    const state = auth.getState();
    if (!state.isAuthenticated) return;
    endingFor = state.user?.id ?? 0;
    void state.logout();
  };
}

/**
 * Inside Telegram the signed-in account is linked to the chat that opened the app, so order
 * updates reach it; quietly, at start when signed in and after each sign-in.
 */
export function linkTelegramChatOnSignIn(
  deps: { telegram: TelegramEnv | null; queryClient: QueryClient },
  api: ApiClient,
  auth: AuthStore,
): void {
  startTelegramAutoLink({
    rawInitData: deps.telegram?.rawInitData ?? null,
    currentToken: () => signedInToken(auth.getState()),
    link: (initData) => linkTelegramChat(api, initData),
    events: window,
    onLinked: () => {
      void deps.queryClient.invalidateQueries({ queryKey: telegramLinkKeys.all });
    },
    onFailure: (error) => {
      logWarning('Linking the Telegram chat failed', error);
    },
  });
}
