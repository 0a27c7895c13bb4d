// `pnpm order:status <number> <status>` (see operator/order-status-command.ts).
import { existsSync } from 'node:fs';
import { runOrderStatusCommand } from '../operator/order-status-command';

// A local .env fills in what the shell did not set (DATA_DIR), as for `pnpm start`.
if (existsSync('.env')) process.loadEnvFile('.env');

process.exitCode = await runOrderStatusCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
