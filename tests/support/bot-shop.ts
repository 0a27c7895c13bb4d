// A shop with its Telegram bot on, for specs about what the bot says: the real server
// (bot/src/main.ts, embedded backend on PGlite) as its own process, with BOT_TOKEN set to the
// token the launch parameters are signed with and TELEGRAM_API_ROOT pointing at the Bot API
// stand-in (bot/src/testing/fake-bot-api.ts) running here, in the test process, so a spec reads
// every call the server made to "Telegram". The operator's command runs against it as a child
// process too, finding the shop through the data directory as it does on a real machine.
import { execFile, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { OrderStatus } from '@shop/shared';
import {
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../../bot/src/testing/fake-bot-api';
import { REPO_ROOT, TEST_BOT_TOKEN } from './paths';

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

/** A port no one listens on right now (the OS picks it), so parallel runs never collide. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/**
 * Starts the Bot API stand-in, then the shop on an emptied data directory, and resolves once the
 * shop answers and its bot is long-polling the stand-in (it asked who it is with getMe first).
 */
export async function startBotShop(): Promise<BotShop> {
  const telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Its own data directory, named by its port: specs in parallel workers each start one.
  const dataDir = join(REPO_ROOT, '.tmp', `e2e-data-bot-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'bot/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ...(process.env.WEBAPP_DIST ? { WEBAPP_DIST: process.env.WEBAPP_DIST } : {}),
    },
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGINT');
    const code = await exited;
    await telegram.close();
    expect(code, `the shop did not stop cleanly:\n${log}`).toBe(0);
    // Removed after a clean stop; a shop that did not stop cleanly leaves it for a look.
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(async () => (await fetch(`${baseUrl}/healthz`).catch(() => null))?.status, {
        timeout: 180_000,
        message: 'the shop with its bot did not start',
      })
      .toBe(200);
    await telegram.waitForCall('getMe', undefined, 30_000);
    await telegram.waitForCall('getUpdates', undefined, 30_000);
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`${String(error)}\nThe shop's log:\n${log}`);
  }

  return {
    baseUrl,
    dataDir,
    telegram,
    log: () => log,
    messagesTo: (chatId) => telegram.delivered().filter((call) => call.payload.chat_id === chatId),
    async moveOrder(number, status) {
      // The shell's BACKEND_URL or OPERATOR_SECRET would point the command elsewhere.
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.BACKEND_URL;
      delete env.OPERATOR_SECRET;
      const { stdout } = await promisify(execFile)('pnpm', ['order:status', number, status], {
        cwd: REPO_ROOT,
        env,
      });
      return stdout;
    },
    stop,
  };
}
