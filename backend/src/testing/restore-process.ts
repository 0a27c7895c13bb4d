// Test support: `pnpm data:restore` as the operator runs it (the script, through tsx) in a child
// process with nothing from the developer's shell and no .env, answering its exit code, its words
// and the most memory it ever held (the kernel's peak resident set, read as the child exits).
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const RESTORE_SCRIPT = fileURLToPath(new URL('../scripts/data-restore.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const PEAK_FILE_VARIABLE = 'RESTORE_TEST_PEAK_RSS_FILE';
/** Loaded before the script: writes process.resourceUsage().maxRSS (KiB) to a file at exit. */
const PEAK_RECORDER = `data:text/javascript,${encodeURIComponent(
  `import { writeFileSync } from 'node:fs';
   process.on('exit', () => writeFileSync(process.env.${PEAK_FILE_VARIABLE}, String(process.resourceUsage().maxRSS)));`,
)}`;

export interface RestoreRun {
  status: number | null;
  stdout: string;
  stderr: string;
  peakRssBytes: number;
}

/** Runs the restore script in `cwd` (a folder with no .env) with only `env` and PATH set. */
export async function runRestoreProcess(
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<RestoreRun> {
  const peakFile = join(cwd, `.peak-rss-${process.pid}-${Date.now()}`);
  const child = spawn(
    process.execPath,
    ['--import', PEAK_RECORDER, '--import', TSX_LOADER, RESTORE_SCRIPT, ...args],
    {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env, [PEAK_FILE_VARIABLE]: peakFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
