// `pnpm data:restore <file>` (see backup/restore-command.ts).
import { existsSync } from 'node:fs';
import { runRestoreCommand } from '../backup/restore-command';

// A local .env fills in what the shell did not set (DATA_DIR, DATABASE_URL), as for `pnpm start`.
if (existsSync('.env')) process.loadEnvFile('.env');

process.exitCode = await runRestoreCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
