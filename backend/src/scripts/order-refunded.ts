// `pnpm order:refunded <order number>` (see operator/refund-made-command.ts).
import { existsSync } from 'node:fs';
import { runRefundMadeCommand } from '../operator/refund-made-command';

// A local .env fills in what the shell did not set (DATA_DIR), as for `pnpm start`.
if (existsSync('.env')) process.loadEnvFile('.env');

process.exitCode = await runRefundMadeCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
