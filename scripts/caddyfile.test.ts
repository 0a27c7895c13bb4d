// The proxy's one template: rendered for start:cluster and for production, its limits held to the
// server's own, and each rendering accepted by `caddy validate` where Caddy is installed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, maxHeaderSize, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_TIMEOUTS } from '../bot/src/config/http';
import { UPLOAD_BODY_LIMIT } from '../bot/src/relay/uploads';
import { DEFAULTS, SERVER_LIMITS, renderCaddyfile } from './caddyfile.mjs';

const seconds = (duration: string): number => {
  const match = /^(\d+)(ms|s)$/.exec(duration);
  if (!match) throw new Error(`not a duration: ${duration}`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
};

const CLUSTER = {
  SITE_ADDRESS: 'http://:3000',
  BIND: '127.0.0.1',
  UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002',
  ACCESS_LOG: 'file /tmp/shop-access.log',
  ACCESS_LOG_MODE: '0600',
  SERVED_BY: 'on',
};
const PRODUCTION = {
  SITE_ADDRESS: 'shop.example.uz',
  UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003',
  ADMIN: 'localhost:2019',
  ACME_EMAIL: 'ops@example.uz',
};

describe('the proxy agrees with the server', () => {
  it('takes the largest body the server takes (a profile photo), and no larger', () => {
    expect(Number(SERVER_LIMITS.MAX_BODY_SIZE)).toBe(UPLOAD_BODY_LIMIT);
  });

  it('takes the headers Node takes', () => {
    expect(Number(SERVER_LIMITS.MAX_HEADER_SIZE)).toBe(maxHeaderSize);
  });

  it('gives a client as long as the server does, and lets an instance never close first', () => {
    expect(seconds(SERVER_LIMITS.READ_HEADER_TIMEOUT)).toBe(DEFAULT_CLIENT_TIMEOUTS.headersMs);
    expect(seconds(SERVER_LIMITS.READ_BODY_TIMEOUT)).toBe(DEFAULT_CLIENT_TIMEOUTS.requestMs);
    expect(seconds(SERVER_LIMITS.IDLE_TIMEOUT)).toBe(DEFAULT_CLIENT_TIMEOUTS.keepAliveMs);
    const keepalive = DEFAULTS.UPSTREAM_KEEPALIVE;
    if (keepalive !== 'off') {
      expect(seconds(keepalive)).toBeLessThan(DEFAULT_CLIENT_TIMEOUTS.keepAliveMs);
    }
  });
});

describe('renderCaddyfile', () => {
  it('fills every placeholder and keeps only the blocks whose variable is set', () => {
    const cluster = renderCaddyfile(CLUSTER);
    expect(cluster).not.toMatch(/\{\{/);
    expect(cluster).toContain('reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {');
    expect(cluster).toContain('bind 127.0.0.1');
    expect(cluster).toContain('X-Served-By');
    expect(cluster).toContain('health_uri /readyz');
    expect(cluster).not.toContain('email');
    expect(cluster).toMatch(/output file \/tmp\/shop-access\.log \{\n\s*mode 0600\n\s*\}\n/);
    const production = renderCaddyfile(PRODUCTION);
    expect(production).toMatch(/^shop\.example\.uz \{$/m);
    expect(production).toContain('email ops@example.uz');
    expect(production).not.toContain('X-Served-By');
    expect(production).not.toContain('bind ');
    expect(production).toMatch(/^\s*output stdout\n/m);
    expect(production).not.toContain('mode ');
  });

  it('refuses an unknown or missing variable, and a value that could add configuration', () => {
    expect(() => renderCaddyfile({ ...CLUSTER, SITE: 'x' })).toThrow(/Unknown .* SITE/);
    expect(() => renderCaddyfile({ UPSTREAMS: '127.0.0.1:3001' })).toThrow(/SITE_ADDRESS/);
    expect(() => renderCaddyfile({ ...CLUSTER, TLS: 'internal\n}\nadmin 0.0.0.0:2019' })).toThrow(
      /one line/,
    );
    expect(() => renderCaddyfile({ ...CLUSTER, ACCESS_LOG_MODE: '0600 roll_disabled' })).toThrow(
      /octal/,
    );
    expect(() => renderCaddyfile({ ...CLUSTER, ACCESS_LOG: 'stdout' })).toThrow(/file/);
  });
});

const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
describe.skipIf(caddy.status !== 0)('caddy validate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caddyfile-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['start:cluster', CLUSTER],
    ['production', PRODUCTION],
  ])('accepts the %s rendering', (_name, variables) => {
    const file = join(dir, 'Caddyfile');
    writeFileSync(file, renderCaddyfile(variables));
    const result = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], {
      encoding: 'utf8',
    });
    expect(result.stderr + result.stdout).toContain('Valid configuration');
    expect(result.status).toBe(0);
  });
});

/** A stand-in instance: answers /readyz, and records what each other request brought. */
async function instance(name: string): Promise<{
  server: Server;
  port: number;
  seen: { headers: IncomingHttpHeaders; bytes: number }[];
}> {
  const seen: { headers: IncomingHttpHeaders; bytes: number }[] = [];
  const server = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      if (request.url !== '/readyz') seen.push({ headers: request.headers, bytes });
      response.end(name);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

async function freePort(): Promise<number> {
  const { server, port } = await instance('none');
  await new Promise((done) => server.close(done));
  return port;
}

describe.skipIf(caddy.status !== 0)('caddy running the template', () => {
  it('sends a request whose connection an instance refused to another, body and all; sets X-Forwarded-*; refuses a body too large', async () => {
    const first = await instance('first');
    const second = await instance('second');
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'caddyfile-'));
    const file = join(dir, 'Caddyfile');
    writeFileSync(
      file,
      renderCaddyfile({
        SITE_ADDRESS: `http://:${String(port)}`,
        BIND: '127.0.0.1',
        UPSTREAMS: `127.0.0.1:${String(first.port)} 127.0.0.1:${String(second.port)}`,
        ACCESS_LOG: 'discard',
        SERVED_BY: 'on',
        // Checked once as it starts, not again within the test: only the refusal tells.
        HEALTH_INTERVAL: '1h',
      }),
    );
    const proxy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', file], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${String(port)}`;
    try {
      await expect
        .poll(
          () =>
            fetch(base).then(
              (response) => response.status,
              () => 0,
            ),
          { timeout: 10_000 },
        )
        .toBe(200);
      // Both instances are in; then the first goes away: its port refuses.
      first.server.closeAllConnections();
      await new Promise((done) => first.server.close(done));
      const body = JSON.stringify({ note: 'x'.repeat(5000) });
      for (let call = 0; call < 4; call++) {
        const response = await fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body,
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe('second');
        expect(response.headers.get('x-served-by')).toBe(`127.0.0.1:${String(second.port)}`);
      }
      const posts = second.seen.filter((request) => request.bytes > 0);
      expect(posts.map((request) => request.bytes)).toEqual(Array(4).fill(Buffer.byteLength(body)));
      // The client's own X-Forwarded-For is replaced by the address Caddy saw.
      expect(posts[0]?.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(posts[0]?.headers['x-forwarded-proto']).toBe('http');

      const tooLarge = await fetch(`${base}/api/profile/photo`, {
        method: 'POST',
        body: new Uint8Array(Number(SERVER_LIMITS.MAX_BODY_SIZE) + 1),
      });
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { code: string }).code).toBe('payload_too_large');
    } finally {
      proxy.kill('SIGTERM');
      second.server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
