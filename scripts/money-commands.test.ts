// `pnpm payments:report` and `pnpm order:refunded` as an operator types them: the package scripts
// run the commands (their behaviour against a backend is shown in backend/src/operator/).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function run(args: string[]) {
  const result = spawnSync('pnpm', ['--silent', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the money commands as package scripts', () => {
  it('pnpm payments:report refuses an unknown argument with its usage, exit 2', () => {
    const answer = run(['payments:report', '--since', '2026-03-01']);
    expect(answer.status).toBe(2);
    expect(answer.stdout).toBe('');
    expect(answer.stderr).toMatch(
      /^Unknown argument "--since"\.\nUsage: pnpm payments:report \[--from <date>\] \[--to <date>\]\n/,
    );
  }, 120_000);

  it('pnpm order:refunded without an order number prints its usage, exit 2', () => {
    const answer = run(['order:refunded']);
    expect(answer.status).toBe(2);
    expect(answer.stdout).toBe('');
    expect(answer.stderr).toMatch(/^Usage: pnpm order:refunded <order number>\n/);
  }, 120_000);
});
