// The proxy's one template: rendered for start:cluster and for production, its limits held to the
// server's own, and each rendering accepted by `caddy validate` where Caddy is installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { maxHeaderSize } from 'node:http';
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
    const production = renderCaddyfile(PRODUCTION);
    expect(production).toMatch(/^shop\.example\.uz \{$/m);
    expect(production).toContain('email ops@example.uz');
    expect(production).not.toContain('X-Served-By');
    expect(production).not.toContain('bind ');
  });

  it('refuses an unknown or missing variable, and a value that could add configuration', () => {
    expect(() => renderCaddyfile({ ...CLUSTER, SITE: 'x' })).toThrow(/Unknown .* SITE/);
    expect(() => renderCaddyfile({ UPSTREAMS: '127.0.0.1:3001' })).toThrow(/SITE_ADDRESS/);
    expect(() => renderCaddyfile({ ...CLUSTER, TLS: 'internal\n}\nadmin 0.0.0.0:2019' })).toThrow(
      /one line/,
    );
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
