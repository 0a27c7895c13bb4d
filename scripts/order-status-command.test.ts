// The operator's command as the README writes it for a script: `pnpm --silent order:status`
// prints only the command's own words, without pnpm's `$ tsx …` echo.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function run(args: string[]) {
  const result = spawnSync('pnpm', args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('pnpm order:status for a script', () => {
  it('is documented in its silent form', () => {
    expect(readFileSync(`${ROOT}README.md`, 'utf8')).toContain(
      'pnpm --silent order:status UY-001001 confirmed',
    );
  });

  it('prints only its own words, no "$ tsx" echo, with --silent', () => {
    // Without arguments it prints its usage and exits 2: enough to see what surrounds it.
    const silent = run(['--silent', 'order:status']);
    expect(silent.status).toBe(2);
    expect(silent.stdout).toBe('');
    expect(silent.stderr).toMatch(/^Usage: pnpm order:status <order number> <status>\n/);
    expect(silent.stderr).not.toContain('$ tsx');
    // Plain, pnpm's echo goes to stderr: stdout still holds only the command's answer.
    expect(run(['order:status']).stdout).not.toContain('$ tsx');
  }, 120_000);
});
