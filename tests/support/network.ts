import type { Page } from '@playwright/test';

export interface HeldRequests {
  /** How many matching requests are waiting now or have waited. */
  count(): number;
  /** Lets every held request (and any later one) go on to the real server. */
  release(): void;
}

/**
 * Holds the page's requests matching `url` until `release()`, then lets them continue unchanged
 * to the real server: only the answer's timing changes, so a test can look at the loading state.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  await page.route(url, async (route) => {
    count += 1;
    await released;
    // The page may have given the request up meanwhile (a newer keystroke, a navigation).
    await route.continue().catch(() => undefined);
  });
  return { count: () => count, release };
}
