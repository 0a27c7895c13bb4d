// A shop with its Telegram bot on, for specs about what the bot says: the real server
// (bot/dist/main.mjs, embedded backend on PGlite) as its own process, with BOT_TOKEN set to the
// token the launch parameters are signed with and TELEGRAM_API_ROOT pointing at the Bot API
// stand-in (bot/src/testing/fake-bot-api.ts) running here, in the test process, so a spec reads
// every call the server made to "Telegram". The operator's command runs against it as a child
// process too, finding the shop through the data directory as it does on a real machine.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { devices, type Browser, type BrowserContext } from '@playwright/test';
import type { OrderStatus } from '@shop/shared';
import {
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../../bot/src/testing/fake-bot-api';
import { REPO_ROOT, TEST_BOT_TOKEN } from './paths';
import { startShopProcess, type ShopProcess } from './shop-process';

export interface BotShop {
  /** http://127.0.0.1:<port>, also the shop's PUBLIC_URL. */
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The Bot API stand-in the shop's bot and notifier talk to. */
  readonly telegram: FakeBotApi;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  /** Messages Telegram accepted for this chat, in the order they were sent. */
  messagesTo(chatId: number): RecordedCall[];
  /** `pnpm order:status <number> <status>`; resolves with what it printed, throws when it fails. */
  moveOrder(number: string, status: OrderStatus): Promise<string>;
  /** Stops the server (Ctrl-C, as a shopkeeper would) and then the stand-in. */
  stop(): Promise<void>;
}

/**
 * Starts the Bot API stand-in, then the shop on an emptied data directory, and resolves once the
 * shop answers and its bot is long-polling the stand-in (it asked who it is with getMe first).
 */
export async function startBotShop(): Promise<BotShop> {
  const telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  let shop: ShopProcess;
  try {
    shop = await startShopProcess('bot', {
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
    });
  } catch (error) {
    await telegram.close();
    throw error;
  }
  const { baseUrl, dataDir } = shop;
  const stop = async () => {
    try {
      await shop.stop();
    } finally {
      await telegram.close();
    }
  };
  try {
    await telegram.waitForCall('getMe', undefined, 30_000);
    await telegram.waitForCall('getUpdates', undefined, 30_000);
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`${String(error)}\nThe shop's log:\n${shop.log()}`);
  }

  return {
    baseUrl,
    dataDir,
    telegram,
    log: () => shop.log(),
    messagesTo: (chatId) => telegram.delivered().filter((call) => call.payload.chat_id === chatId),
    moveOrder: (number, status) => moveOrder(dataDir, number, status),
    stop,
  };
}

/**
 * `pnpm order:status <number> <status>` as the operator runs it beside the backend whose data
 * directory is `backendDataDir` (it names the backend's address and operator secret).
 */
export async function moveOrder(
  backendDataDir: string,
  number: string,
  status: OrderStatus,
): Promise<string> {
  // The shell's BACKEND_URL or OPERATOR_SECRET would point the command elsewhere.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: backendDataDir };
  delete env.BACKEND_URL;
  delete env.OPERATOR_SECRET;
  const { stdout } = await promisify(execFile)('pnpm', ['order:status', number, status], {
    cwd: REPO_ROOT,
    env,
  });
  return stdout;
}

/** A browser context on `shop`: the project's phone at the narrowest width the shop is checked at. */
export function botShopContext(browser: Browser, shop: BotShop): Promise<BrowserContext> {
  return browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 360, height: 780 },
    locale: 'en-US',
    baseURL: shop.baseUrl,
    serviceWorkers: 'block',
  });
}
