// End-to-end journeys against the real running stack: the built webapp served by the real bot
// server, relaying to the real reference backend on an embedded PGlite database, in Debian's
// Chromium. Only Telegram's client is replaced, by a page script that speaks its bridge protocol.
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './support/paths';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
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
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && node --import tsx bot/src/main.ts`,
    cwd: REPO_ROOT,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      BOT_TOKEN: '',
    },
  },
});
