import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The webapp build the servers host: WEBAPP_DIST as the server reads it, else `webapp/dist`. */
export const WEBAPP_DIST = process.env.WEBAPP_DIST
  ? resolve(process.env.WEBAPP_DIST)
  : join(REPO_ROOT, 'webapp', 'dist');
/**
 * Runs on another E2E_PORT keep their data and results apart (`.tmp/e2e-data-3200`, …), so two
 * runs can share a checkout; the default port keeps the plain names.
 */
const RUN_SUFFIX = E2E_PORT === 3100 ? '' : `-${E2E_PORT}`;
export const E2E_DATA_DIR = join(REPO_ROOT, '.tmp', `e2e-data${RUN_SUFFIX}`);
export const E2E_RESULTS_DIR = join(REPO_ROOT, 'tests', `test-results${RUN_SUFFIX}`);
/** A bot token only for signing test launch parameters; no Telegram server ever sees it. */
export const TEST_BOT_TOKEN = '1234567890:TEST-token-for-signing-launch-params';
/**
 * A second shop server, the same in all but two settings: a Yandex Maps key (the map of /markets
 * and of the checkout) and a lower ORDER_LINE_QUANTITY_LIMIT (E2E_SECOND_SHOP_LINE_LIMIT).
 */
export const E2E_MAPS_PORT = Number(process.env.E2E_MAPS_PORT ?? E2E_PORT + 1);
export const E2E_MAPS_DATA_DIR = join(REPO_ROOT, '.tmp', `e2e-data-maps${RUN_SUFFIX}`);
/**
 * The Eskiz stand-in the second shop sends its sign-in codes through (SMS_PROVIDER=eskiz): a
 * process of its own that writes each accepted message to the second shop's SMS outbox.
 */
export const E2E_ESKIZ_PORT = Number(process.env.E2E_ESKIZ_PORT ?? E2E_PORT + 2);
export const E2E_ESKIZ_ACCOUNT = {
  email: 'e2e-shop@example.uz',
  password: 'e2e-stand-in-password',
};
/** The second shop's most of one item per order line; the first keeps the default, 20. */
export const E2E_SECOND_SHOP_LINE_LIMIT = 3;
/** Only its shape matters: the map script is a local stand-in that never reaches Yandex. */
/** The main shop's BOT_USERNAME and MINI_APP_NAME: shared products link to this Mini App. */
export const E2E_BOT_USERNAME = 'uy_shop_test_bot';
export const E2E_MINI_APP_NAME = 'shop';
export const TEST_YANDEX_MAPS_KEY = '00000000-0000-4000-8000-00000000e2e0';
/**
 * The abuse limits of the test shops: on, so every call is counted as in production, but far
 * above what the suite does from its one address (dozens of sign-ins and orders in minutes).
 * sign-in.spec starts a shop of its own with a low limit to see a refusal.
 */
export const E2E_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN_CODES_PER_CLIENT: '10000/10m',
  RATE_LIMIT_SIGN_IN_CODES_OVERALL: '10000/1m',
  RATE_LIMIT_CODE_CHECKS_PER_CLIENT: '10000/10m',
  RATE_LIMIT_ORDERS_PER_ACCOUNT: '10000/10m',
  RATE_LIMIT_REQUESTS_PER_CLIENT: '100000/1m',
};
