// The real server as built (bot/dist/main.mjs, embedded backend on PGlite) as a process of its own,
// on a free port and a data directory of its own (a copy of the seeded one, see seeded-data.ts),
// for specs that need a shop set up unlike the suite's two (a bot, a build of their own). Stopped
// with Ctrl-C, as a shopkeeper would.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_RATE_LIMITS, REPO_ROOT } from './paths';
import { copySeededData } from './seeded-data';

export interface ShopProcess {
  /** http://127.0.0.1:<port>, also the shop's PUBLIC_URL. */
  readonly baseUrl: string;
  readonly dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  /**
   * Ctrl-C; expects a clean exit, then removes the data directory unless told to keep it (for a
   * look at the database afterwards).
   */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills it at once if it still runs: for a test that failed midway. */
  kill(): void;
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

interface RunningChild {
  baseUrl: string;
  log(): string;
  exited: Promise<number | null>;
  kill(): void;
  /** Ctrl-C; resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

/** Spawns the built server on `dataDir` and a free port, and resolves once it answers. */
async function spawnShop(
  name: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<RunningChild> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['bot/dist/main.mjs'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOT_TOKEN: '',
      ...E2E_RATE_LIMITS,
      ...(process.env.WEBAPP_DIST ? { WEBAPP_DIST: process.env.WEBAPP_DIST } : {}),
      ...env,
    },
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    // A shop that exits will never answer: say so at once, not after the whole wait.
    await Promise.race([
      expect
        .poll(async () => (await fetch(`${baseUrl}/healthz`).catch(() => null))?.status, {
          timeout: 180_000,
          message: `the shop (${name}) did not start`,
        })
        .toBe(200),
      exited.then((code) => {
        throw new Error(`the shop (${name}) exited with ${String(code)} before it answered`);
      }),
    ]);
  } catch (error) {
    kill();
    throw new Error(`${String(error)}\nThe shop's log:\n${log}`);
  }
  const interrupt = () => {
    if (child.exitCode === null) child.kill('SIGINT');
    return exited;
  };
  return { baseUrl, log: () => log, exited, kill, interrupt };
}

/** A first start on `dataDir` with no settings of a spec's, stopped cleanly: the seeded data. */
export async function firstStart(dataDir: string): Promise<void> {
  const shop = await spawnShop('seeding', dataDir, {});
  const code = await shop.interrupt();
  if (code !== 0) throw new Error(`the seeding shop did not stop cleanly:\n${shop.log()}`);
}

/**
 * Starts the shop with `env` on top of the defaults and resolves once it answers. Its data
 * directory is a copy of the seeded one (copySeededData) unless `fromNothing` asks for a first
 * start of its own.
 */
export async function startShopProcess(
  name: string,
  env: Record<string, string> = {},
  { fromNothing = false }: { fromNothing?: boolean } = {},
): Promise<ShopProcess> {
  // Named by the worker and the time: specs in parallel workers each start their own.
  const dataDir = join(
    REPO_ROOT,
    '.tmp',
    `e2e-data-${name}-${String(process.pid)}-${String(Date.now())}`,
  );
  await rm(dataDir, { recursive: true, force: true });
  if (!fromNothing) await copySeededData(dataDir, firstStart);
  const shop = await spawnShop(name, dataDir, env);

  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    const code = await shop.interrupt();
    expect(code, `the shop did not stop cleanly:\n${shop.log()}`).toBe(0);
    // Removed after a clean stop; a shop that did not stop cleanly leaves it for a look.
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };
  return { baseUrl: shop.baseUrl, dataDir, log: shop.log, stop, kill: shop.kill };
}
