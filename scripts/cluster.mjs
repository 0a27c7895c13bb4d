// `pnpm start:cluster`: the shop as it runs on more than one process, on one machine, so an
// operator can watch it work: the reference backend (backend/dist/main.mjs) on PostgreSQL, two
// shop servers (bot/dist/main.mjs) sharing that PostgreSQL (their order messages) and one Redis
// (their rate limits), and Caddy on PORT in front of them, configured from the same template as
// a production server (deploy/Caddyfile.template, rendered into DATA_DIR/Caddyfile).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop pnpm start:cluster
//
// Caddy rather than a balancer of our own: the production recipe gets its certificates from the
// same file (automatic HTTPS), and Caddy already checks each server's /readyz, retries a refused
// connection on another server and sets X-Forwarded-For/-Proto; operators know it.
//
// `kill -USR2 <pid>` restarts the servers one after the other (a rolling restart): a stopping
// server refuses new connections and answers 503 on /readyz, so Caddy sends its requests to the
// other. A server that exits on its own (a crash, SIGKILL) is started again. Each start prints
// `[cluster] server-N pid P port Q` and rewrites DATA_DIR/cluster.json (every process's pid and
// port). Ctrl-C stops everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDataDirPrivate } from '../shared/server/private-data-dir.ts';
import { BACKEND_BUNDLE, SERVER_BUNDLE, buildServer } from './build-server.mjs';
import {
  accessLogFile,
  caddyStateEnv,
  orderEventsSecret as loadOrderEventsSecret,
  writeClusterCaddyfile,
  writeClusterPids,
} from './cluster-files.mjs';
import { childStarter, stopChild, waitFor } from './cluster-processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const databaseUrl = env.DATABASE_URL;
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = resolve(env.DATA_DIR ?? join(root, 'data-cluster'));
const instanceCount = Number(env.CLUSTER_INSTANCES ?? 2);
const quiet = env.CLUSTER_QUIET === '1';

if (!databaseUrl) {
  console.error(
    'start:cluster needs PostgreSQL: set DATABASE_URL, e.g.\n' +
      "  psql postgres://postgres@127.0.0.1:5432/postgres -c 'create database shop'\n" +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop pnpm start:cluster',
  );
  process.exit(2);
}

const caddyBinary = env.CADDY ?? 'caddy';
if (spawnSync(caddyBinary, ['version']).status !== 0) {
  console.error(
    'start:cluster runs Caddy in front of the servers: `bash scripts/bootstrap.sh --cluster` installs it.',
  );
  process.exit(2);
}

if (!existsSync(join(root, 'webapp', 'dist', 'index.html'))) {
  console.error('No webapp build: run `pnpm build` first.');
  process.exit(2);
}
if (!existsSync(SERVER_BUNDLE) || !existsSync(BACKEND_BUNDLE) || env.CLUSTER_REBUILD !== '0') {
  await buildServer();
}

const publicUrl = env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const backendPort = port + 10;
const backendUrl = `http://127.0.0.1:${backendPort}`;
// Owner-only, what is there and all this process and its children (Caddy too) create from now on:
// the key signs order events and the access log names every shopper's address.
await makeDataDirPrivate(dataDir);
const orderEventsSecret = loadOrderEventsSecret(dataDir);

/** Set once Ctrl-C (or a signal) stops the whole cluster. */
let stopping = false;

function log(line) {
  process.stdout.write(`[cluster] ${line}\n`);
}

const run = childStarter({ cwd: root, env, quiet });

/** The cluster's own settings whose names `keep` accepts, passed on to a child as they are. */
function passOn(keep) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => keep(key)));
}

// --- the backend ---------------------------------------------------------------------------
const backend = run('backend', process.execPath, [BACKEND_BUNDLE], {
  PORT: String(backendPort),
  DATABASE_URL: databaseUrl,
  DATA_DIR: join(dataDir, 'backend'),
  ORDER_EVENTS_URL: `${publicUrl}/tg/order-events`,
  ORDER_EVENTS_SECRET: orderEventsSecret,
  ...(env.DEMO_ORDER_FLOW ? { DEMO_ORDER_FLOW: env.DEMO_ORDER_FLOW } : {}),
  // The order limits (ORDERS_OPEN_UNITS_LIMIT and the others) are the backend's to hold.
  ...passOn((key) => key.startsWith('ORDERS_')),
});
await waitFor(`${backendUrl}/healthz`, 'the backend');
const catalogApiKey = readFileSync(join(dataDir, 'backend', 'catalog-api-key'), 'utf8').trim();
// Staff in Telegram: the servers move orders through the backend's operator call.
const staffEnv = env.STAFF_CHAT_ID
  ? {
      ...passOn((key) => key.startsWith('STAFF_')),
      OPERATOR_API_URL: backendUrl,
      OPERATOR_SECRET: readFileSync(join(dataDir, 'backend', 'operator-secret'), 'utf8').trim(),
    }
  : {};

// --- the servers ---------------------------------------------------------------------------
const polling = env.BOT_TOKEN && env.BOT_MODE !== 'webhook';
if (polling && instanceCount > 1) {
  log('BOT_TOKEN with polling: only server 1 talks to Telegram (set BOT_MODE=webhook for all)');
}
const servers = Array.from({ length: instanceCount }, (_, index) => ({
  name: `server-${index + 1}`,
  port: port + 1 + index,
  child: null,
  /** Set while the cluster itself stops it: any other exit is a failure, and it starts again. */
  stopping: false,
}));

/** Every process's pid and port, for an operator (or a test) that wants to signal one. */
function writePids() {
  writeClusterPids(dataDir, {
    cluster: { pid: process.pid, port },
    caddy: { pid: proxy?.pid ?? null, port },
    backend: { pid: backend.pid, port: backendPort },
    servers: servers.map((server) => ({
      name: server.name,
      pid: server.child?.pid ?? null,
      port: server.port,
    })),
  });
}

function startServer(server, index) {
  server.stopping = false;
  const startedAt = Date.now();
  const child = run(server.name, process.execPath, [SERVER_BUNDLE], {
    PORT: String(server.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: join(dataDir, server.name),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ECOMMERCE_API_URL: backendUrl,
    CATALOG_API_URL: backendUrl,
    CATALOG_API_KEY: catalogApiKey,
    ORDER_EVENTS_SECRET: orderEventsSecret,
    // Caddy is the one proxy in front: it names the shopper's address (X-Forwarded-For).
    TRUST_PROXY: '127.0.0.1',
    ...staffEnv,
    ...passOn(
      (key) =>
        key.startsWith('RATE_LIMIT_') ||
        [
          'UPSTREAM_TIMEOUT_MS',
          'RELAY_CACHE_TTL_MS',
          'YANDEX_MAPS_API_KEY',
          'METRICS_TOKEN',
          'NOTIFIER_SEND_LEASE_MS',
        ].includes(key),
    ),
    // Each server's figures on a port of its own: METRICS_PORT, then the next ones.
    ...(env.METRICS_PORT ? { METRICS_PORT: String(Number(env.METRICS_PORT) + index) } : {}),
    ...(env.BOT_TOKEN && (!polling || index === 0)
      ? {
          BOT_TOKEN: env.BOT_TOKEN,
          ...(env.TELEGRAM_API_ROOT ? { TELEGRAM_API_ROOT: env.TELEGRAM_API_ROOT } : {}),
          ...(env.BOT_MODE ? { BOT_MODE: env.BOT_MODE } : {}),
          ...(env.WEBHOOK_SECRET ? { WEBHOOK_SECRET: env.WEBHOOK_SECRET } : {}),
        }
      : {}),
  });
  server.child = child;
  log(`${server.name} pid ${String(child.pid)} port ${server.port}`);
  if (proxy) writePids();
  child.once('exit', (code, signal) => {
    if (server.stopping || stopping || server.child !== child) return;
    // Restart on failure; Caddy sends to the other servers meanwhile.
    log(`${server.name} exited (${String(signal ?? code)}): starting it again`);
    // One that dies as it starts (a bad setting) is not restarted in a tight loop.
    const pause = Date.now() - startedAt < 10_000 ? 2000 : 0;
    setTimeout(() => {
      if (!stopping && !server.stopping && server.child === child) startServer(server, index);
    }, pause);
  });
}

let proxy = null;
servers.forEach(startServer);
await Promise.all(
  servers.map((server) => waitFor(`http://127.0.0.1:${server.port}/readyz`, server.name)),
);

// --- the proxy ----------------------------------------------------------------------------
const caddyfile = writeClusterCaddyfile(dataDir, {
  port,
  // On HOST only.
  host,
  upstreams: servers.map((server) => `127.0.0.1:${server.port}`),
});
proxy = run(
  'caddy',
  caddyBinary,
  ['run', '--adapter', 'caddyfile', '--config', caddyfile],
  caddyStateEnv(dataDir),
  /"level":"(debug|info)"/,
);
proxy.once('exit', (code, signal) => {
  if (stopping) return;
  log(`caddy exited (${String(signal ?? code)}): stopping`);
  void stop('caddy exit', 1);
});
writePids();
await waitFor(`http://127.0.0.1:${port}/readyz`, 'caddy');
log(
  `Shop is running at ${publicUrl}/ (Caddy in front of ${servers.length} servers, backend ${backendUrl}; access log ${accessLogFile(dataDir)})`,
);

// --- rolling restart and stop --------------------------------------------------------------
let restarting = false;
async function rollingRestart() {
  if (restarting) return;
  restarting = true;
  for (const [index, server] of servers.entries()) {
    log(`restarting ${server.name}`);
    server.stopping = true;
    await stopChild(server.child);
    startServer(server, index);
    await waitFor(`http://127.0.0.1:${server.port}/readyz`, server.name);
    // Caddy's own check has seen it ready too before the next one stops.
    await new Promise((done) => setTimeout(done, 1000));
    log(`${server.name} is back`);
  }
  restarting = false;
  log('rolling restart done');
}
process.on('SIGUSR2', () => {
  rollingRestart().catch((error) => log(`rolling restart failed: ${String(error)}`));
});

async function stop(signal, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  // Caddy first (it finishes what it is answering), so no request meets a stopped server.
  if (proxy) await stopChild(proxy);
  await Promise.all(servers.map((server) => stopChild(server.child)));
  await stopChild(backend);
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
