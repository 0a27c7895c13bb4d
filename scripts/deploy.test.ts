// The production recipe in deploy/ as the README's "Deploying" uses it: the Caddyfile rendered
// from the one template (automatic certificates, a certificate of one's own, the compose
// network) and accepted by `caddy validate`; the systemd units accepted by
// `systemd-analyze verify`; the example environment file accepted by both servers' own
// configuration. The tools' checks run where the tools are installed and are skipped elsewhere.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig as loadBackendConfig } from '../backend/src/config';
import { loadConfig as loadShopConfig } from '../bot/src/config';
// The request slot bot/src/web/rate-limits.ts reads is declared here; typechecking needs it.
import type {} from '../bot/src/relay/request-call';
import { renderCaddyfile } from './caddyfile.mjs';

const DEPLOY = join(dirname(fileURLToPath(import.meta.url)), '..', 'deploy');
const scratch = mkdtempSync(join(tmpdir(), 'deploy-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** The README's renderings: systemd with a Let's Encrypt certificate, one's own, compose. */
const PRODUCTION = {
  SITE_ADDRESS: 'shop.example.uz',
  UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003',
  ADMIN: 'localhost:2019',
  ACME_EMAIL: 'ops@example.uz',
  ACCESS_LOG: `file ${join(scratch, 'shop-access.log')}`,
};
const certificate = join(scratch, 'shop.pem');
const key = join(scratch, 'shop.key');
const OWN_CERTIFICATE = { ...PRODUCTION, ACME_EMAIL: '', TLS: `${certificate} ${key}` };
const COMPOSE = {
  SITE_ADDRESS: 'shop.example.uz',
  UPSTREAMS: 'shop-1:3000 shop-2:3000',
  ACCESS_LOG: 'stdout',
};

describe('the production Caddyfile', () => {
  it('leaves compression and caching to the server and proxies the webhook like any path', () => {
    for (const variables of [PRODUCTION, OWN_CERTIFICATE, COMPOSE]) {
      const rendered = renderCaddyfile(variables).replace(/#.*$/gm, '');
      // No `encode` (the server precompresses) and no header set on answers (its Cache-Control).
      expect(rendered).not.toMatch(/^\s*encode\b/m);
      expect(rendered).not.toMatch(/Cache-Control/i);
      expect(rendered).not.toMatch(/^\s*header\s+(?!Content-Type)/m);
      // One handler for every path: /tg/webhook and /tg/order-events reach an instance.
      expect(rendered).not.toContain('/tg/');
      expect(rendered).toMatch(/^shop\.example\.uz \{$/m);
    }
  });

  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  const openssl = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  it.skipIf(caddy.status !== 0 || openssl.status !== 0).each([
    ['automatic certificates', PRODUCTION],
    ['a certificate of one’s own', OWN_CERTIFICATE],
    ['the compose network', COMPOSE],
  ])('is valid for caddy, with %s', (_name, variables) => {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=shop.example.uz',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    const file = join(scratch, 'Caddyfile');
    writeFileSync(file, renderCaddyfile(variables));
    const result = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], {
      encoding: 'utf8',
    });
    expect(result.stderr + result.stdout).toContain('Valid configuration');
    expect(result.status).toBe(0);
  });
});

const systemdAnalyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
describe.skipIf(systemdAnalyze.status !== 0)('the systemd units', () => {
  it('pass systemd-analyze verify: the backend and instance 1 of the template', () => {
    const units = join(scratch, 'units');
    spawnSync('mkdir', ['-p', units]);
    copyFileSync(
      join(DEPLOY, 'systemd', 'shop-backend.service'),
      join(units, 'shop-backend.service'),
    );
    copyFileSync(join(DEPLOY, 'systemd', 'shop@.service'), join(units, 'shop@.service'));
    // Checked as instance 1, as systemctl would start it (its specifiers filled in).
    copyFileSync(join(DEPLOY, 'systemd', 'shop@.service'), join(units, 'shop@1.service'));
    const result = spawnSync(
      'systemd-analyze',
      ['verify', '--man=no', 'shop-backend.service', 'shop@.service', 'shop@1.service'],
      { cwd: units, encoding: 'utf8' },
    );
    // Unknown keys and missing programs are warnings on stderr with status 0: none allowed.
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

/** KEY=value lines of an environment file, comments and blank lines left out. */
function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}

/** The unit's own `Environment=` line, as systemd passes it. */
function unitEnvironment(unit: string, instance: string): Record<string, string> {
  const line = readFileSync(join(DEPLOY, 'systemd', unit), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Environment='));
  return Object.fromEntries(
    (line ?? '')
      .slice('Environment='.length)
      .replaceAll('%i', instance)
      .split(' ')
      .map((pair) => pair.split('=') as [string, string]),
  );
}

describe('the example environment file', () => {
  const example = parseEnvFile(readFileSync(join(DEPLOY, 'shop.env.example'), 'utf8'));
  // What an operator fills in: the secrets, the bot token, the SMS and Payme accounts.
  const secret = randomBytes(32).toString('hex');
  const filled = Object.fromEntries(
    Object.entries(example).map(([name, value]) => [
      name,
      value.startsWith('CHANGE-ME') ? secret : value.replace('CHANGE-ME', 'password'),
    ]),
  );
  Object.assign(filled, {
    BOT_TOKEN: '7000000001:AAFakeTokenForTestsOnly_abcdefghijk',
    STAFF_CHAT_ID: '-1003000000001',
    STAFF_USER_IDS: '800300001',
    ESKIZ_EMAIL: 'shop@example.uz',
    ESKIZ_PASSWORD: 'password',
    ESKIZ_FROM: '4546',
    PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
    PAYME_KEY: 'a-cashbox-key',
  });

  it('sets nothing a unit sets for itself (the file would win over the unit)', () => {
    expect(Object.keys(example)).not.toContain('PORT');
    expect(Object.keys(example)).not.toContain('HOST');
    expect(Object.keys(example)).not.toContain('DATA_DIR');
  });

  it('starts the backend and an instance once filled in', () => {
    expect(() =>
      loadBackendConfig({ ...filled, ...unitEnvironment('shop-backend.service', '') }),
    ).not.toThrow();
    const shop = loadShopConfig({ ...filled, ...unitEnvironment('shop@.service', '2') });
    expect(shop.port).toBe(3002);
    expect(shop.telegram).toMatchObject({ enabled: true, mode: 'webhook' });
    expect(shop.upstreams).not.toBeNull();
    expect(shop.publicUrl).toBe('https://shop.example.uz');
  });
});
