// `pnpm start:cluster`: the shop as it runs on more than one process, on one machine, so an
// operator can watch it work: the reference backend (backend/dist/main.mjs) on PostgreSQL, two
// shop servers (bot/dist/main.mjs) sharing that PostgreSQL (their order messages) and one Redis
// (their rate limits), and a small load balancer on PORT that sends each request to the next
// ready server in turn.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop pnpm start:cluster
//
// `kill -USR2 <pid>` restarts the servers one after the other (a rolling restart): the balancer
// stops sending to a server once it is not ready (`/readyz` answers 503 while it shuts down), and
// a request whose connection is refused goes to the other one. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKEND_BUNDLE, SERVER_BUNDLE, buildServer } from './build-server.mjs';

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
mkdirSync(dataDir, { recursive: true });
// The key the backend signs its order events with, made once and kept with the data.
const secretFile = join(dataDir, 'order-events-secret');
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'));
const orderEventsSecret = readFileSync(secretFile, 'utf8').trim();

function log(line) {
  process.stdout.write(`[cluster] ${line}\n`);
}

/** A child process whose output is prefixed with its name. */
function run(name, script, childEnv) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { PATH: env.PATH ?? '', LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...childEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, target) => {
    let rest = '';
    stream.on('data', (chunk) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      if (!quiet) for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

async function waitFor(url, what, timeoutMs = 120_000) {
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

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

// --- the backend ---------------------------------------------------------------------------
const backend = run('backend', BACKEND_BUNDLE, {
  PORT: String(backendPort),
  DATABASE_URL: databaseUrl,
  DATA_DIR: join(dataDir, 'backend'),
  ORDER_EVENTS_URL: `${publicUrl}/tg/order-events`,
  ORDER_EVENTS_SECRET: orderEventsSecret,
  ...(env.DEMO_ORDER_FLOW ? { DEMO_ORDER_FLOW: env.DEMO_ORDER_FLOW } : {}),
});
await waitFor(`${backendUrl}/healthz`, 'the backend');
const catalogApiKey = readFileSync(join(dataDir, 'backend', 'catalog-api-key'), 'utf8').trim();
// Staff in Telegram: the servers move orders through the backend's operator call.
const staffEnv = env.STAFF_CHAT_ID
  ? {
      ...Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('STAFF_'))),
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
  ready: false,
}));

function startServer(server, index) {
  server.child = run(server.name, SERVER_BUNDLE, {
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
    // The balancer is the one proxy in front: it names the shopper's address.
    TRUST_PROXY: '127.0.0.1',
    ...staffEnv,
    ...Object.fromEntries(
      Object.entries(env).filter(
        ([key]) =>
          key.startsWith('RATE_LIMIT_') ||
          [
            'UPSTREAM_TIMEOUT_MS',
            'RELAY_CACHE_TTL_MS',
            'YANDEX_MAPS_API_KEY',
            'METRICS_TOKEN',
          ].includes(key),
      ),
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
}

servers.forEach(startServer);
await Promise.all(
  servers.map((server) => waitFor(`http://127.0.0.1:${server.port}/readyz`, server.name)),
);

// --- the balancer --------------------------------------------------------------------------
// Which servers are ready, asked twice a second.
const checker = setInterval(() => {
  for (const server of servers) {
    fetch(`http://127.0.0.1:${server.port}/readyz`, { signal: AbortSignal.timeout(1000) })
      .then((response) => {
        server.ready = response.ok;
        return response.body?.cancel();
      })
      .catch(() => {
        server.ready = false;
      });
  }
}, 500);
for (const server of servers) server.ready = true;

let turn = 0;
/** The ready servers, starting with the next in turn. */
function candidates() {
  turn += 1;
  const ready = servers.filter((server) => server.ready);
  const pool = ready.length > 0 ? ready : servers;
  return pool.map((_, offset) => pool[(turn + offset) % pool.length]);
}

const balancer = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    // Buffered, so a request whose connection a stopping server refused can go to another.
    const body = Buffer.concat(chunks);
    const forwardedFor = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${req.socket.remoteAddress ?? ''}`
      : (req.socket.remoteAddress ?? '');
    const tryNext = (list) => {
      const server = list.shift();
      if (!server) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"code":"upstream_unavailable","message":"No server is ready"}');
        return;
      }
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            'x-forwarded-for': forwardedFor.replace(/^::ffff:/, ''),
            'x-forwarded-proto': 'http',
            'x-served-by': server.name,
          },
          // A connection per request: none is left pointing at a server that went away.
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            'x-served-by': server.name,
          });
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        // Refused: the server never saw the request, so another may take it, whatever it is; a
        // read cut off before its answer may be asked again too.
        const retryable =
          error.code === 'ECONNREFUSED' ||
          (error.code === 'ECONNRESET' && ['GET', 'HEAD'].includes(req.method ?? ''));
        if (retryable && !res.headersSent) {
          server.ready = false;
          tryNext(list);
        } else if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end('{"code":"upstream_unavailable","message":"The server went away"}');
        } else {
          res.destroy();
        }
      });
      upstream.end(body);
    };
    tryNext(candidates());
  });
});
await new Promise((done) => balancer.listen(port, host, done));
log(
  `Shop is running at ${publicUrl}/ (${servers.length} servers behind it, backend ${backendUrl})`,
);

// --- rolling restart and stop --------------------------------------------------------------
let restarting = false;
async function rollingRestart() {
  if (restarting) return;
  restarting = true;
  for (const [index, server] of servers.entries()) {
    log(`restarting ${server.name}`);
    server.ready = false;
    await stopChild(server.child);
    startServer(server, index);
    await waitFor(`http://127.0.0.1:${server.port}/readyz`, server.name);
    server.ready = true;
    log(`${server.name} is back`);
  }
  restarting = false;
  log('rolling restart done');
}
process.on('SIGUSR2', () => {
  rollingRestart().catch((error) => log(`rolling restart failed: ${String(error)}`));
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  clearInterval(checker);
  balancer.close();
  await Promise.all(servers.map((server) => stopChild(server.child)));
  await stopChild(backend);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
