// The storefront benchmark's settings (its own environment; nothing else reads these), its
// targets and the pages it measures.
import { resolve } from 'node:path';
import { nonNegativeNumberFromEnv, positiveIntegerFromEnv } from '../settings';

export const SETTINGS = {
  runs: positiveIntegerFromEnv('BENCH_WEB_RUNS', 3),
  /** A build to serve as it is (no build step); by default the benchmark builds its own. */
  dist: process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : null,
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  lang: 'ru',
  /** The 1-minute load average to wait for before measuring ("otherwise quiet"). */
  quietLoad: nonNegativeNumberFromEnv('BENCH_WEB_QUIET_LOAD', 0.5),
  /** The longest wait for it, in seconds; then the runs start anyway, marked as busy. */
  settleMaxSeconds: positiveIntegerFromEnv('BENCH_WEB_SETTLE_MAX_S', 180),
};

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
];

/**
 * The targets, held by every run on every page (not only by the median): one good run in three
 * is luck, three in a row on a quiet machine is the code.
 */
export const TARGETS = { performance: 95, tbtMs: 150, accessibility: 100, cls: 0.02 } as const;

export interface PageToMeasure {
  name: string;
  path: string;
  /** The cart is measured with an item in it: put there before each run. */
  withCartItem?: boolean;
}

export const PRODUCT_SLUG = 'porcelain-mug';
const ALL_PAGES: readonly PageToMeasure[] = [
  { name: 'home', path: `/${SETTINGS.lang}` },
  { name: 'listing', path: `/${SETTINGS.lang}/products?category=cookware` },
  { name: 'product', path: `/${SETTINGS.lang}/products/${PRODUCT_SLUG}` },
  { name: 'cart', path: `/${SETTINGS.lang}/cart`, withCartItem: true },
];

/** BENCH_WEB_PAGES=home,cart measures only those pages. */
export const PAGES = process.env.BENCH_WEB_PAGES
  ? ALL_PAGES.filter((page) => process.env.BENCH_WEB_PAGES?.split(',').includes(page.name))
  : ALL_PAGES;
