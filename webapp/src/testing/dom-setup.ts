// Set-up of every component test (jsdom): Testing Library's matchers and clean-up, and the page's
// `fetch` aimed at the real shop server the global set-up started, as a page's relative calls
// reach the server that served it.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

const shopUrl = inject('shopUrl');
const nodeFetch = globalThis.fetch;

function absolute(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, shopUrl).href;
}

window.fetch = (input, init) => nodeFetch(absolute(input), init);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
