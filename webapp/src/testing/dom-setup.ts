// Set-up of every component test (jsdom): Testing Library's matchers and clean-up, the page's
// `fetch` aimed at the real shop server the global set-up started, as a page's relative calls
// reach the server that served it, and the few browser calls jsdom lacks, as a browser without
// layout would answer them.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

const shopUrl = inject('shopUrl');
const nodeFetch = globalThis.fetch;

function absolute(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, shopUrl).href;
}

window.fetch = (input, init) => nodeFetch(absolute(input), init);

// A screen's first lazy part is compiled on first use, on a machine others share: `findBy…` and
// `waitFor` wait up to five seconds, not one, before they fail.
configure({ asyncUtilTimeout: 5_000 });

// No layout in jsdom: nothing to scroll, nothing resizes, no media query matches. Each stand-in
// only where jsdom has nothing of its own.
const elementMethods: Partial<Element> = Element.prototype;
if (!elementMethods.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;
const globals: Partial<typeof globalThis> = globalThis;
if (!globals.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
const windowMembers: Partial<Window> = window;
if (!windowMembers.matchMedia) {
  window.matchMedia = (media: string) =>
    Object.assign(new EventTarget(), {
      matches: false,
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
    });
}
// A modal <dialog> as a browser opens and closes it (jsdom has the element, not its methods).
const dialogMethods: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
if (!dialogMethods.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
