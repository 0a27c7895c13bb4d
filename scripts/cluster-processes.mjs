// The child processes `pnpm start:cluster` (scripts/cluster.mjs) runs: started with their output
// prefixed by their name, waited for until they answer, stopped with SIGTERM.
import { spawn } from 'node:child_process';

/**
 * Starts children in `cwd`, each with the PATH and LOG_LEVEL of `env` and its own settings;
 * `quiet` drops their output.
 */
export function childStarter({ cwd, env, quiet }) {
  /**
   * A child process whose output is prefixed with its name; `skip` drops lines nobody needs to
   * watch (Caddy's info lines: its access log has its own file).
   */
  return function run(name, command, args, childEnv, skip = /^$/) {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: env.PATH ?? '', LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = (stream, target) => {
      let rest = '';
      stream.on('data', (chunk) => {
        rest += chunk.toString();
        const lines = rest.split('\n');
        rest = lines.pop() ?? '';
        if (quiet) return;
        for (const line of lines) if (!skip.test(line)) target.write(`[${name}] ${line}\n`);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    return child;
  };
}

export async function waitFor(url, what, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not become ready at ${url}`);
}

export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}
