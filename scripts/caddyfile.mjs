// Renders deploy/Caddyfile.template, the one configuration of the proxy in front of the shop's
// instances, for `pnpm start:cluster` and for a production server alike:
//
//   node scripts/caddyfile.mjs SITE_ADDRESS=shop.example.uz \
//     'UPSTREAMS=127.0.0.1:3001 127.0.0.1:3002' ACCESS_LOG='file /var/log/caddy/shop.log' \
//     > /etc/caddy/Caddyfile
//
// Each NAME=value on the command line sets one variable; the others keep DEFAULTS. An unknown
// name, or a required one left unset, stops it with a message instead of a broken file.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'deploy',
  'Caddyfile.template',
);

/**
 * The server's own limits, in the proxy's terms (scripts/caddyfile.test.ts holds them to the
 * server's constants): the largest body is a profile photo (10 MiB) with its multipart framing
 * (64 KiB); Node's header limit is 16 KiB; the server's headers, request and keep-alive timeouts
 * are 10 s, 30 s and 72 s.
 */
export const SERVER_LIMITS = {
  MAX_BODY_SIZE: String(10 * 1024 * 1024 + 64 * 1024),
  MAX_HEADER_SIZE: String(16 * 1024),
  READ_HEADER_TIMEOUT: '10s',
  READ_BODY_TIMEOUT: '30s',
  IDLE_TIMEOUT: '72s',
};

/** Every variable the template knows; '' is "not set" (a {{#NAME}} block then goes). */
export const DEFAULTS = {
  /**
   * Where shoppers reach the shop: a domain (https, with a certificate of its own) or, without
   * TLS, `http://:port` (any Host header; `http://host:port` answers that Host only).
   */
  SITE_ADDRESS: '',
  /** The interface to listen on (optional; all of them when unset). */
  BIND: '',
  /** The instances, space-separated host:port. */
  UPSTREAMS: '',
  /** Caddy's admin endpoint: `off`, or an address such as localhost:2019 for `caddy reload`. */
  ADMIN: 'off',
  /** Where the access log goes: `stdout`, `stderr` or `file /path/access.log`. */
  ACCESS_LOG: 'stdout',
  /**
   * With a `file` access log, its mode in octal (`0600`: the owner only; the log names every
   * shopper's address). Newer Caddy sets it; Debian's 2.6 ignores it and creates the file under
   * the umask Caddy runs with.
   */
  ACCESS_LOG_MODE: '',
  /** The address Let's Encrypt writes to about the certificate (optional). */
  ACME_EMAIL: '',
  /** `cert.pem key.pem` or `internal` instead of an automatic certificate (optional). */
  TLS: '',
  /** Set (e.g. `on`) to name the instance that answered in X-Served-By. */
  SERVED_BY: '',
  HEALTH_INTERVAL: '500ms',
  TRY_DURATION: '5s',
  /** `off` (a connection per request, see the template), or a duration under the server's 72 s. */
  UPSTREAM_KEEPALIVE: 'off',
  ...SERVER_LIMITS,
};

const REQUIRED = ['SITE_ADDRESS', 'UPSTREAMS'];

/**
 * The Caddyfile for these variables (over DEFAULTS). Throws on an unknown or missing variable,
 * on a value with a line break or brace, which could smuggle in configuration of its own, and on
 * a mode that is not one. A block between {{#NAME}} and {{/NAME}} lines is kept when
 * NAME is set, one between {{^NAME}} and {{/NAME}} when it is not.
 */
export function renderCaddyfile(variables, template = readFileSync(TEMPLATE, 'utf8')) {
  const values = { ...DEFAULTS };
  for (const [name, value] of Object.entries(variables)) {
    if (!(name in DEFAULTS)) throw new Error(`Unknown Caddyfile variable ${name}`);
    if (/[\n\r{}]/.test(value)) throw new Error(`${name} must be one line without braces`);
    values[name] = value.trim();
  }
  const missing = REQUIRED.filter((name) => values[name] === '');
  if (missing.length > 0) throw new Error(`Caddyfile variables not set: ${missing.join(', ')}`);
  if (!/^(0?[0-7]{3})?$/.test(values.ACCESS_LOG_MODE)) {
    throw new Error('ACCESS_LOG_MODE is a mode in octal, such as 0600');
  }
  if (values.ACCESS_LOG_MODE && !values.ACCESS_LOG.startsWith('file ')) {
    throw new Error('ACCESS_LOG_MODE is for an access log written to a file');
  }
  return template
    .replace(/^\{\{([#^])(\w+)\}\}\n([\s\S]*?)^\{\{\/\2\}\}\n/gm, (_block, kind, name, body) =>
      (kind === '#') === Boolean(values[name]) ? body : '',
    )
    .replace(/\{\{(\w+)\}\}/g, (placeholder, name) => {
      if (!(name in values)) throw new Error(`The template names an unknown variable ${name}`);
      return values[name];
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const variables = Object.fromEntries(
      process.argv.slice(2).map((argument) => {
        const at = argument.indexOf('=');
        if (at < 1) throw new Error(`Expected NAME=value, got ${argument}`);
        return [argument.slice(0, at), argument.slice(at + 1)];
      }),
    );
    process.stdout.write(renderCaddyfile(variables));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
