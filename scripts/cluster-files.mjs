// What `pnpm start:cluster` (scripts/cluster.mjs) keeps in its DATA_DIR: the key the backend signs
// order events with, every process's pid (cluster.json), the Caddyfile, Caddy's access log and
// state, and the data dirs of the backend and each server. All of it is owner-only, as the single
// server's data dir is: the key lets anyone who reads it forge order events, and the access log
// names every shopper's address. scripts/cluster.mjs makes it so first, with the single server's
// makeDataDirPrivate (its umask passes on to Caddy and the others); what is written here is
// created owner-only as well.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderCaddyfile } from './caddyfile.mjs';

const OWNER_ONLY = { mode: 0o600 };

/** The key the backend signs its order events with, made once and kept with the data. */
export function orderEventsSecret(dataDir) {
  const file = join(dataDir, 'order-events-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), OWNER_ONLY);
  return readFileSync(file, 'utf8').trim();
}

/** Every process's pid and port (DATA_DIR/cluster.json), replaced whole, never half-written. */
export function writeClusterPids(dataDir, pids) {
  const file = join(dataDir, 'cluster.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(pids, null, 2)}\n`, OWNER_ONLY);
  renameSync(`${file}.tmp`, file);
}

export function accessLogFile(dataDir) {
  return join(dataDir, 'access.log');
}

/**
 * Writes DATA_DIR/Caddyfile: Caddy on `port` of `host` (any Host header: shoppers may reach it as
 * localhost or 127.0.0.1) in front of `upstreams` (host:port each), its access log in the data dir
 * and owner-only (Caddy 2.6 ignores `mode` but creates the file under the umask it inherits).
 */
export function writeClusterCaddyfile(dataDir, { port, host, upstreams }) {
  const file = join(dataDir, 'Caddyfile');
  writeFileSync(
    file,
    renderCaddyfile({
      SITE_ADDRESS: `http://:${port}`,
      BIND: host,
      UPSTREAMS: upstreams.join(' '),
      ACCESS_LOG: `file ${accessLogFile(dataDir)}`,
      ACCESS_LOG_MODE: '0600',
      SERVED_BY: 'on',
    }),
    OWNER_ONLY,
  );
  return file;
}

/** Caddy's own state (certificates, autosave) stays with the cluster's data. */
export function caddyStateEnv(dataDir) {
  const dir = join(dataDir, 'caddy');
  return { HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
}
