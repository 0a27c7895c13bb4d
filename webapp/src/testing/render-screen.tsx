// Renders one screen of the shop in jsdom as the app does: real texts, query client, stores and
// services (createAppServices), the app's router on the page's address, and calls that reach
// the real shop server. Only the screen under test is on the page, for every address; an address
// in another language switches the texts first, as the app's router does.
import { DEFAULT_LANGUAGE, stripLanguagePrefix, type Language } from '@shop/shared';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { onTestFinished, vi } from 'vitest';
import { Providers } from '../app/providers';
import { createAppServices } from '../app/services';
import { createI18n, loadMessages, loadTextPart, switchLanguage } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client/query-client';
import { browserHistory, Router, RouterProvider } from '../lib/router';
import type { AppServices } from '../lib/services/services';
import type { TextPart } from '../lib/i18n/locales/messages';

export interface RenderedScreen extends RenderResult {
  user: UserEvent;
  services: AppServices;
  queryClient: QueryClient;
  i18n: I18n;
  router: Router;
}

export interface ScreenOptions {
  /** The address's language, else the shop's default. */
  language?: Language;
  /** The page's address; `/<language>` by default. */
  path?: string;
  /** The texts the screen's page loads besides the shop's (checkout, sign-in: `ordering`). */
  texts?: TextPart[];
  /** Runs with the services before the first render: a cart to show, a signed-in shopper. */
  prepare?: (services: AppServices) => void | Promise<void>;
}

const ROUTER_READY = 'screen-under-test';

/**
 * The app's services, whose page listeners (sign-in and sign-out events, storage, wake-ups) end
 * with the test: an earlier screen's cart must not sync, through the one local storage, when a
 * later screen signs another shopper in.
 */
function servicesOfThisTest<T>(create: () => T): T {
  const added: {
    target: EventTarget;
    type: string;
    listener: EventListenerOrEventListenerObject;
    options: boolean | EventListenerOptions | undefined;
  }[] = [];
  const spies = [window, document].map((target) => {
    const spy = vi.spyOn(target, 'addEventListener');
    return { target, spy };
  });
  try {
    return create();
  } finally {
    for (const { target, spy } of spies) {
      for (const [type, listener, options] of spy.mock.calls) {
        added.push({ target, type, listener, options });
      }
      spy.mockRestore();
    }
    onTestFinished(() => {
      for (const { target, type, listener, options } of added) {
        target.removeEventListener(type, listener, options);
      }
    });
  }
}

export async function renderScreen(
  ui: ReactElement,
  options: ScreenOptions = {},
): Promise<RenderedScreen> {
  const language =
    options.language ??
    (options.path ? stripLanguagePrefix(options.path).language : null) ??
    DEFAULT_LANGUAGE;
  window.history.replaceState(null, '', options.path ?? `/${language}`);
  const i18n = createI18n(language, await loadMessages(language));
  for (const part of options.texts ?? []) await loadTextPart(i18n, language, part);
  const queryClient = createQueryClient();
  const { theme, ...services } = servicesOfThisTest(() =>
    createAppServices({ i18n, queryClient, telegram: null }),
  );
  await options.prepare?.(services);
  const outcome = { element: <div data-testid={ROUTER_READY}>{ui}</div> };
  const router = new Router(browserHistory(window), (location) => {
    const next = stripLanguagePrefix(location.pathname).language;
    if (!next || next === i18n.language) return outcome;
    return switchLanguage(i18n, next).then(() => outcome);
  });
  const view = render(
    <Providers
      i18n={i18n}
      queryClient={queryClient}
      services={services}
      theme={theme}
      telegram={null}
    >
      <RouterProvider router={router} fallback={null} />
    </Providers>,
  );
  await waitFor(() => screen.getByTestId(ROUTER_READY));
  return { ...view, user: userEvent.setup(), services, queryClient, i18n, router };
}
