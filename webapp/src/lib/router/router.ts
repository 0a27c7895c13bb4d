import type { ReactNode } from 'react';
import {
  resolvePath,
  splitPath,
  type BrowserHistory,
  type Location,
  type NavigationAction,
} from './history';

/**
 * What a location shows: the element tree to render, or another path to go to instead (a path
 * without a language prefix). Resolving may wait (a page's code, a language's texts): the page
 * on screen stays until it is done, so nothing blanks or shifts on the way.
 */
export type Outcome = { element: ReactNode } | { redirect: string };
export type Resolve = (location: Location) => Outcome | Promise<Outcome>;

export interface RouterState {
  location: Location;
  action: NavigationAction;
  /** Null until the first location is resolved (the page's outline shows meanwhile). */
  element: ReactNode;
  resolved: boolean;
  /** The navigation asked to keep the scroll position (a listing's filter change). */
  preventScrollReset: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

/** A chain of redirects this long is a loop in the route table, not a way to a page. */
const MAX_REDIRECTS = 5;

/**
 * The app's navigation: a location becomes the current one only once its page is resolved, and
 * only the newest navigation commits (a slower earlier one is dropped). History entries are
 * written at commit, so the address always names the page on screen.
 */
export class Router {
  private current: RouterState;
  private readonly listeners = new Set<() => void>();
  private ticket = 0;
  private pendingTicket: number | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly history: BrowserHistory,
    private readonly resolve: Resolve,
  ) {
    this.current = {
      location: history.location(),
      action: 'pop',
      element: null,
      resolved: false,
      preventScrollReset: false,
    };
  }

  get state(): RouterState {
    return this.current;
  }

  /** True while a navigation waits for its page. */
  isNavigating(): boolean {
    return this.pendingTicket !== null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Resolves the location of the page load and follows Back and Forward from now on. */
  start(): void {
    if (this.stopListening) return;
    this.stopListening = this.history.listen(() => {
      void this.go(this.history.location(), 'pop', false);
    });
    void this.go(this.history.location(), 'pop', false);
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  /** Goes to `to` (a path, or a step through history); settles once the page is on screen. */
  navigate = (to: string | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      this.history.go(to);
      return Promise.resolve();
    }
    const path = resolvePath(to, this.current.location);
    const target: Location = { ...splitPath(path), state: options.state ?? null, key: '' };
    return this.go(
      target,
      options.replace === true ? 'replace' : 'push',
      !!options.preventScrollReset,
    );
  };

  private async go(
    target: Location,
    action: NavigationAction,
    preventScrollReset: boolean,
  ): Promise<void> {
    const ticket = ++this.ticket;
    this.pendingTicket = ticket;
    let location = target;
    let element: ReactNode = null;
    try {
      for (let redirects = 0; ; redirects += 1) {
        const pending = this.resolve(location);
        const outcome = pending instanceof Promise ? await pending : pending;
        if (ticket !== this.ticket) return;
        if ('element' in outcome) {
          element = outcome.element;
          break;
        }
        if (redirects === MAX_REDIRECTS) throw new Error(`redirect loop at ${outcome.redirect}`);
        // The redirect takes the place of the path asked for: Back skips it.
        location = { ...splitPath(outcome.redirect), state: null, key: '' };
        if (action === 'pop') action = 'replace';
      }
    } finally {
      if (this.pendingTicket === ticket) this.pendingTicket = null;
    }
    const path = location.pathname + location.search + location.hash;
    if (action === 'push') this.history.push(path, location.state);
    else if (action === 'replace' || path !== this.currentPath()) {
      this.history.replace(path, location.state);
    }
    this.current = {
      location: this.history.location(),
      action,
      element,
      resolved: true,
      preventScrollReset,
    };
    for (const listener of this.listeners) listener();
  }

  private currentPath(): string {
    const { pathname, search, hash } = this.history.location();
    return pathname + search + hash;
  }
}
