// The shop as `pnpm start` runs it (bot/src/main.ts bundled, see server-bundle.ts) in a child
// process, for tests that need the whole shop: the server, the embedded backend and the bot,
// each as in production.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './server-bundle';

const BOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ShopProcess {
  url: string;
  output(): string;
  /** Ctrl-C, as an operator stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the shop with only `env` (nothing from the developer's shell) and waits for its URL. */
export function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, serverArgs(), {
    cwd: BOT_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    return exited;
  };
  return new Promise((resolve, reject) => {
    // A cold start migrates and seeds PGlite; on a loaded 2-core machine that takes a while.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`No URL printed within 150 s:\n${output}`));
    }, 150_000);
    child.stdout.on('data', () => {
      const url = /Shop is running at (http:\/\/\S+?)\/? /.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, output: () => output, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Exited with ${String(code)} before listening:\n${output}`));
    });
  });
}
