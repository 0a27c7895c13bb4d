// The build's configuration (vite.config.ts) as `pnpm start` and `pnpm build` load it: what a
// newcomer sees first is the build's progress and the shop's address, not warnings about how the
// configuration's own imports are written.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A logger that keeps every warning and error the configuration's loading prints. */
function recordingLogger(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (message) => said.push(message),
    warnOnce: (message) => said.push(message),
    error: (message) => said.push(message),
    clearScreen: () => undefined,
    hasErrorLogged: () => false,
    hasWarned: false,
  };
  return { logger, said };
}

describe("the build's configuration", () => {
  it('loads for `vite build` without a warning', async () => {
    const { logger, said } = recordingLogger();
    const config = await resolveConfig(
      { configFile: join(ROOT, 'vite.config.ts'), customLogger: logger, logLevel: 'info' },
      'build',
      'production',
    );
    expect(config.root).toBe(join(ROOT, 'webapp'));
    expect(said.join('\n')).toBe('');
  });
});
