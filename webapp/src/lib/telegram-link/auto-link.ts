import { AUTH_LOGGED_IN_EVENT } from '../auth/auth-store';

export interface TelegramAutoLinkDeps {
  /** Telegram's raw init data inside the Mini App; null outside Telegram, where nothing is sent. */
  rawInitData: string | null;
  /** The signed-in shopper's bearer token, null while signed out. */
  currentToken: () => string | null;
  /** `POST /tg/link` with the init data (the api client adds the token). */
  link: (initData: string) => Promise<unknown>;
  /** Where `auth:logged-in` arrives: `window` in the browser. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** After the server recorded the link (e.g. to refresh the account page's block). */
  onLinked?: () => void;
  /** Failures go here and nowhere else: linking never stands in the shopper's way. */
  onFailure: (error: unknown) => void;
}

/**
 * Inside Telegram, links the signed-in account to the chat that opened the Mini App: once at app
 * start when the shopper is already signed in, and after each sign-in (`auth:logged-in`). One try
 * per sign-in token and app session: a repeated event for the same session sends nothing, a
 * failure is reported to `onFailure` and not retried, and the shopper is never signed out by it.
 * Returns the function that stops listening.
 */
export function startTelegramAutoLink(deps: TelegramAutoLinkDeps): () => void {
  const initData = deps.rawInitData;
  if (initData === null || initData === '') return () => undefined;

  // The token the link was last sent with (in flight, done or failed).
  let sentFor: string | null = null;
  const attempt = () => {
    const token = deps.currentToken();
    if (token === null || token === sentFor) return;
    sentFor = token;
    deps.link(initData).then(
      () => {
        deps.onLinked?.();
      },
      (error: unknown) => {
        deps.onFailure(error);
      },
    );
  };

  attempt();
  deps.events.addEventListener(AUTH_LOGGED_IN_EVENT, attempt);
  return () => {
    deps.events.removeEventListener(AUTH_LOGGED_IN_EVENT, attempt);
  };
}
