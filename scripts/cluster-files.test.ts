// What `pnpm start:cluster` keeps in its data dir is owner-only (directories 0700, files 0600),
// as the single server's is: the order events' signing key, cluster.json and the Caddyfile it
// writes, what an older version left open, and what Caddy writes later (its access log, its state).
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDirPrivate } from '../shared/server/private-data-dir';
import {
  accessLogFile,
  caddyStateEnv,
  orderEventsSecret,
  writeClusterCaddyfile,
  writeClusterPids,
} from './cluster-files.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'cluster-files-'));
beforeAll(() => {
  // A login shell's umask: what the cluster writes is group- and world-readable unless it says no.
  process.umask(0o022);
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const found = lstatSync(path);
    if (found.isSymbolicLink()) return;
    const mode = found.mode & 0o777;
    const wanted = found.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) open.push(`${path.slice(dir.length) || '/'} ${mode.toString(8)}`);
    if (found.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return open;
}

/** All the cluster writes before its processes start, as scripts/cluster.mjs writes it. */
async function writeAsTheClusterDoes(dataDir: string, port: number, upstreams: string[]) {
  await makeDataDirPrivate(dataDir);
  const secret = orderEventsSecret(dataDir);
  writeClusterPids(dataDir, { cluster: { pid: process.pid, port } });
  const caddyfile = writeClusterCaddyfile(dataDir, { port, host: '127.0.0.1', upstreams });
  return { secret, caddyfile };
}

describe('the cluster data dir', () => {
  it('is owner-only, with the key, cluster.json and the Caddyfile in it', async () => {
    const dataDir = join(scratch, 'fresh');
    const { secret } = await writeAsTheClusterDoes(dataDir, 3000, ['127.0.0.1:3001']);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(dataDir).sort()).toEqual([
      'Caddyfile',
      'cluster.json',
      'order-events-secret',
    ]);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('closes up what an older version left open, keeping the key', async () => {
    const dataDir = join(scratch, 'left-open');
    mkdirSync(join(dataDir, 'backend'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'order-events-secret'), 'a'.repeat(64), { mode: 0o644 });
    writeFileSync(join(dataDir, 'access.log'), '{}\n', { mode: 0o644 });
    writeFileSync(join(dataDir, 'backend', 'operator-secret'), 'secret', { mode: 0o644 });
    const { secret } = await writeAsTheClusterDoes(dataDir, 3000, ['127.0.0.1:3001']);
    expect(secret).toBe('a'.repeat(64));
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

/** An instance that answers everything, /readyz included, with 200. */
async function instance(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
describe.skipIf(caddy.status !== 0)('what Caddy writes in the cluster data dir', () => {
  it('is owner-only too: its access log and its own state', async () => {
    const upstream = await instance();
    const free = await instance();
    const port = free.port;
    await new Promise((done) => free.server.close(done));
    const dataDir = join(scratch, 'with-caddy');
    const { caddyfile } = await writeAsTheClusterDoes(dataDir, port, [
      `127.0.0.1:${String(upstream.port)}`,
    ]);
    const proxy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', caddyfile], {
      env: { PATH: process.env.PATH ?? '', ...caddyStateEnv(dataDir) },
      stdio: 'ignore',
    });
    try {
      const answered = () =>
        fetch(`http://127.0.0.1:${String(port)}/api/store/stores`).then(
          (response) => response.status,
          () => 0,
        );
      await expect.poll(answered, { timeout: 10_000 }).toBe(200);
      await expect
        .poll(() => lstatSync(accessLogFile(dataDir), { throwIfNoEntry: false })?.size ?? 0)
        .toBeGreaterThan(0);
    } finally {
      await new Promise((done) => {
        proxy.once('exit', done);
        proxy.kill('SIGTERM');
      });
      upstream.server.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
