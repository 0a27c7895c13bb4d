// Test support: `pnpm data:restore` as the operator runs it (the script, through tsx) in a child
// process with nothing from the developer's shell and no .env, answering its exit code, its words
// and the most memory it ever held (the kernel's peak resident set of its own, read as it exits).
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const RESTORE_SCRIPT = fileURLToPath(new URL('../scripts/data-restore.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const PEAK_FILE_VARIABLE = 'RESTORE_TEST_PEAK_RSS_FILE';
/**
 * Loaded before the script: writes its peak resident memory (KiB) to a file at exit. Linux's
 * VmHWM, not resourceUsage().maxRSS: the kernel folds into maxRSS the peak of the process image
 * the child was forked from (here the test's own, often larger), so maxRSS reads the test, not
 * the restore. Elsewhere maxRSS is the best there is.
 */
const PEAK_RECORDER = `data:text/javascript,${encodeURIComponent(
  `import { readFileSync, writeFileSync } from 'node:fs';
   const ownPeak = () => {
     try {
       return Number(/^VmHWM:\\s*(\\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
     } catch {
       return process.resourceUsage().maxRSS;
     }
   };
   process.on('exit', () => writeFileSync(process.env.${PEAK_FILE_VARIABLE}, String(ownPeak())));`,
)}`;

export interface RestoreRun {
  status: number | null;
  stdout: string;
  stderr: string;
  peakRssBytes: number;
}

export interface RestoreProcessOptions {
  /**
   * No file it writes may grow past 1 MiB (512 KiB where sh counts 512-byte blocks), as on a disk
   * that fills up: the write that would go past fails (EFBIG).
   */
  smallFilesOnly?: boolean;
}

/** Runs the restore script in `cwd` (a folder with no .env) with only `env` and PATH set. */
export async function runRestoreProcess(
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
  options: RestoreProcessOptions = {},
): Promise<RestoreRun> {
  const peakFile = join(cwd, `.peak-rss-${process.pid}-${Date.now()}`);
  const node = [
    process.execPath,
    '--import',
    PEAK_RECORDER,
    '--import',
    TSX_LOADER,
    RESTORE_SCRIPT,
    ...args,
  ];
  const [program = process.execPath, ...programArgs] = options.smallFilesOnly
    ? ['/bin/sh', '-c', 'ulimit -f 1024 && exec "$0" "$@"', ...node]
    : node;
  const child = spawn(program, programArgs, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env, [PEAK_FILE_VARIABLE]: peakFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const peakKib = Number(await readFile(peakFile, 'utf8').catch(() => 'NaN'));
  await rm(peakFile, { force: true });
  return { status, stdout, stderr, peakRssBytes: peakKib * 1024 };
}
