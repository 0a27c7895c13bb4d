// End-to-end journeys against the real running stack: the built webapp served by the real bot
// server, relaying to the real reference backend on an embedded PGlite database, in Debian's
// Chromium. Only outside parts are replaced: Telegram's client, by a page script that speaks its
// bridge protocol, and Yandex's map script, by a local stand-in (support/yandex-maps.ts).
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_BOT_USERNAME,
  E2E_DATA_DIR,
  E2E_ESKIZ_ACCOUNT,
  E2E_ESKIZ_PORT,
  E2E_MAPS_DATA_DIR,
  E2E_MAPS_PORT,
  E2E_MINI_APP_NAME,
  E2E_PORT,
  E2E_RATE_LIMITS,
  E2E_RESULTS_DIR,
  E2E_SECOND_SHOP_LINE_LIMIT,
  REPO_ROOT,
  TEST_YANDEX_MAPS_KEY,
} from './support/paths';

/** The specs that start servers of their own (startShopProcess, startBotShop, the cluster). */
const OWN_SERVER_SPECS = [
  'app-payments.spec.ts',
  'bot-messages.spec.ts',
  'card-numbers.spec.ts',
  'cluster.spec.ts',
  'cluster-kill.spec.ts',
  'new-build.spec.ts',
  'own-shop-limits.spec.ts',
  'staff.spec.ts',
  'telegram-link.spec.ts',
  'telegram-phone.spec.ts',
  'worker-swap.spec.ts',
].map((file) => `**/${file}`);

/**
 * The real server as production runs it (bot/dist/main.mjs, built by `pnpm build` before the
 * suite) with its embedded backend on a fresh data directory.
 */
function shopServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf "${dataDir}" && node bot/dist/main.mjs`,
    cwd: REPO_ROOT,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOT_TOKEN: '',
      ...E2E_RATE_LIMITS,
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './support/global-setup.ts',
  outputDir: E2E_RESULTS_DIR,
  // Three workers on the 2-core CI machine, in two lanes. The specs that start servers of their own
  // (a shop with its bot, a cluster, a build to deploy) are one project limited to one worker; the
  // others walk the suite's two shops on the rest. A third worker fills the time the others wait
  // (servers starting, a resend limit, a worker taking over): 367 s against 384 s with two for the
  // same suite, every test passing. Specs are kept independent, so any may run beside any other:
  // fresh phones per worker (uniquePhone), their own SMS (by phone), and the one product whose
  // low stock is bought (LOW_STOCK_BOUGHT) kept apart. E2E_WORKERS=1 runs one file at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry: a race between a test and the app's timing (a read a moment too early) should not
  // sink a whole CI run. A test that passes only on its retry is reported as flaky in the list,
  // so it is seen and mended, not hidden. E2E_RETRIES=0 shows every first failure.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    // First, so its one lane starts at once: its servers take longest to come up.
    { name: 'own-servers', testMatch: OWN_SERVER_SPECS, workers: 1 },
    { name: 'shops', testIgnore: OWN_SERVER_SPECS },
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    ...devices['Pixel 7'],
    // Pixel 7 defaults to Chrome's own channel: force Debian's Chromium, never a downloaded one.
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-US',
    trace: 'retain-on-failure',
    // Playwright does not route requests that pass a service worker, and ours claims the page as
    // soon as it activates: a held API call or the stood-in map script would slip by now and then.
    // A spec about the service worker itself sets 'allow'.
    serviceWorkers: 'block',
  },
  webServer: [
    shopServer(E2E_PORT, E2E_DATA_DIR, {
      BOT_USERNAME: E2E_BOT_USERNAME,
      MINI_APP_NAME: E2E_MINI_APP_NAME,
    }),
    // The stand-in for Eskiz the second shop texts through; it writes what it accepts into that
    // shop's SMS outbox, where specs read codes as from the console provider.
    {
      command: 'node --import tsx backend/src/scripts/eskiz-stand-in.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${E2E_ESKIZ_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        ESKIZ_EMAIL: E2E_ESKIZ_ACCOUNT.email,
        ESKIZ_PASSWORD: E2E_ESKIZ_ACCOUNT.password,
        ESKIZ_STAND_IN_PORT: String(E2E_ESKIZ_PORT),
        ESKIZ_STAND_IN_DATA_DIR: E2E_MAPS_DATA_DIR,
      },
    },
    // The same shop with a Yandex Maps key (the server injects it into the page and opens its
    // CSP to the map's hosts), a lower line limit, and real SMS through the Eskiz stand-in: the
    // map specs, line-limit.spec and the Eskiz sign-in use it.
    shopServer(E2E_MAPS_PORT, E2E_MAPS_DATA_DIR, {
      YANDEX_MAPS_API_KEY: TEST_YANDEX_MAPS_KEY,
      ORDER_LINE_QUANTITY_LIMIT: String(E2E_SECOND_SHOP_LINE_LIMIT),
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: E2E_ESKIZ_ACCOUNT.email,
      ESKIZ_PASSWORD: E2E_ESKIZ_ACCOUNT.password,
      ESKIZ_FROM: '4546',
      ESKIZ_API_URL: `http://127.0.0.1:${E2E_ESKIZ_PORT}/api`,
    }),
  ],
});
