// `pnpm payments:report [--from <date>] [--to <date>]` (see operator/payments-report-command.ts).
import { existsSync } from 'node:fs';
import { runPaymentsReportCommand } from '../operator/payments-report-command';

// A local .env fills in what the shell did not set (DATA_DIR), as for `pnpm start`.
if (existsSync('.env')) process.loadEnvFile('.env');

process.exitCode = await runPaymentsReportCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
