// `pnpm bench:scale`: how far one shop scales. The built shop (`pnpm start:cluster`, the proxy in
// front) with 1, 2 and 3 instances on one PostgreSQL and one Redis, each step on a fresh scratch
// database, under mixed load: browsing with autocannon, and shoppers who sign in by SMS code and
// place pickup orders. Then the largest step again with one instance SIGKILLed half-way: which
// requests failed and why, whether any acknowledged order is missing from the database or placed
// twice, and whether the staff chat got each order's card exactly once (the bot on webhooks
// against a local stand-in of the Bot API). A benchmark: it prints and records, it never fails.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { createDatabase, dropDatabase } from '../backend/src/db/admin';
import { startFakeBotApi, TEST_BOT_TOKEN, type FakeBotApi } from '../bot/src/testing/fake-bot-api';
import {
  spawnCluster,
  stopProcess,
  untilClusterServes,
  webhookBotEnv,
} from '../tests/support/cluster-process';
import { BROWSING, LIMITS_OFF } from './browsing';
import { positiveIntegerFromEnv } from './settings';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = positiveIntegerFromEnv('BENCH_SCALE_SECONDS', 20);
const CONNECTIONS = positiveIntegerFromEnv('BENCH_SCALE_CONNECTIONS', 30);
const SHOPPERS = positiveIntegerFromEnv('BENCH_SCALE_SHOPPERS', 4);
const PORT = positiveIntegerFromEnv('BENCH_SCALE_PORT', 3400);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STEPS = (process.env.BENCH_SCALE_INSTANCES ?? '1,2,3')
  .split(',')
  .map((count) => Number(count.trim()));
if (STEPS.some((count) => !Number.isInteger(count) || count < 1 || count > 9)) {
  throw new Error('BENCH_SCALE_INSTANCES must be a list of instance counts 1-9, e.g. 1,2,3');
}
/** `kill`: the kill run alone; `steps`: the steps without it. */
const ONLY = process.env.BENCH_SCALE_ONLY ?? '';
if (!['', 'kill', 'steps'].includes(ONLY)) {
  throw new Error('BENCH_SCALE_ONLY may only be "kill" or "steps"');
}
const STAFF_CHAT = -1003400000001;
/** Under the backend's open-unpaid-orders limit per account (5), so no order is refused for it. */
const ORDERS_PER_ACCOUNT = 3;

interface Cluster {
  child: ChildProcess;
  url: string;
  dataDir: string;
  databaseUrl: string;
  telegram: FakeBotApi;
  log(): string;
  stop(): Promise<void>;
}

/** Rows of one query through psql, tab-separated: the bench needs no database driver of its own. */
function query(databaseUrl: string, text: string): string[][] {
  const result = spawnSync('psql', [databaseUrl, '-AtX', '-F', '\t', '-c', text], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** `pnpm start:cluster` with `instances` servers, its bots on webhooks against the stand-in. */
async function startCluster(instances: number, databaseUrl: string): Promise<Cluster> {
  const dataDir = join(REPO_ROOT, '.tmp', `bench-scale-${String(PORT)}`);
  await rm(dataDir, { recursive: true, force: true });
  const telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const cluster = spawnCluster({
    port: PORT,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    instances,
    env: {
      ...LIMITS_OFF,
      ...webhookBotEnv({
        token: TEST_BOT_TOKEN,
        apiRoot: telegram.apiRoot,
        staffChatId: STAFF_CHAT,
        staffUserIds: [800340001],
      }),
    },
  });
  const { child } = cluster;
  await untilClusterServes(cluster, 180_000);
  const started = Date.now();
  while (telegram.callsOf('setWebhook').length < instances) {
    if (Date.now() - started > 180_000) throw new Error('the bots did not set their webhooks');
    await sleep(200);
  }
  return {
    child,
    url: `http://127.0.0.1:${String(PORT)}`,
    dataDir,
    databaseUrl,
    telegram,
    log: cluster.log,
    stop: async () => {
      await stopProcess(child);
      await telegram.close();
    },
  };
}

interface Process {
  pid: number;
  rssMb: number;
  kind: 'instance' | 'backend' | 'proxy' | 'other';
}

/** The cluster's children with their resident memory: instances, backend, proxy. */
function clusterProcesses(cluster: Cluster): Process[] {
  const listed = spawnSync('ps', ['-o', 'pid=,rss=,args=', '--ppid', String(cluster.child.pid)], {
    encoding: 'utf8',
  });
  return listed.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [pid = '0', rss = '0', ...args] = line.trim().split(/\s+/);
      const command = args.join(' ');
      const kind = command.includes('bot/dist/main.mjs')
        ? 'instance'
        : command.includes('backend/dist/main.mjs')
          ? 'backend'
          : /caddy|haproxy|nginx/.test(command)
            ? 'proxy'
            : 'other';
      return { pid: Number(pid), rssMb: Math.round(Number(rss) / 1024), kind };
    });
}

function browse(url: string, seconds: number, onError: (kind: string) => void): Promise<Result> {
  let finish: (result: Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    { url, connections: CONNECTIONS, duration: seconds, requests: BROWSING },
    (error, result) => {
      if (error) fail(error instanceof Error ? error : new Error(String(error)));
      else finish(result);
    },
  );
  instance.on('reqError', (error: Error & { code?: string }) => {
    onError(error.code ?? error.message);
  });
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode >= 400) onError(String(statusCode));
  });
  return done;
}

// --- shoppers who order ----------------------------------------------------------------------

interface OrderStats {
  attempted: number;
  /** Order numbers the shop answered 200 for, with the key each was placed under. */
  acknowledged: Map<string, string>;
  /** Keys of orders whose every attempt failed (the shopper was told it did not go through). */
  givenUp: string[];
  /** Failed attempts by kind (status or network error), retried or not. */
  failures: Map<string, number>;
  /** Order attempts' latencies (ms), the successful ones. */
  latencies: number[];
  signIns: number;
}

function count(map: Map<string, number>, kind: string): void {
  map.set(kind, (map.get(kind) ?? 0) + 1);
}

let phoneTail = Math.floor(Math.random() * 5_000_000);
function nextPhone(): string {
  phoneTail += 1;
  return `+99893${String(phoneTail % 10_000_000).padStart(7, '0')}`;
}

async function latestCode(dataDir: string, phone: string): Promise<string> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const raw = await readFile(join(dataDir, 'backend', 'outbox', 'sms.jsonl'), 'utf8').catch(
      () => '',
    );
    const line = raw
      .split('\n')
      .filter((entry) => entry.includes(`"${phone}"`))
      .at(-1);
    const code = line?.match(/\b\d{5}\b/)?.[0];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no sign-in code for ${phone}`);
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const json = await response.json().catch((): unknown => null);
  return { status: response.status, json };
}

/** A fresh phone signed in by the code the console SMS provider wrote; its bearer token. */
async function signIn(
  cluster: Cluster,
  stats: OrderStats,
): Promise<{ token: string; phone: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const phone = nextPhone();
    try {
      const sent = await post(`${cluster.url}/api/auth/send-otp`, { phone });
      if (sent.status !== 200) throw new Error(`send-otp ${String(sent.status)}`);
      const otp = await latestCode(cluster.dataDir, phone);
      const verified = await post(`${cluster.url}/api/auth/verify-otp`, { phone, otp });
      const token = (verified.json as { access_token?: string } | null)?.access_token;
      if (verified.status !== 200 || !token)
        throw new Error(`verify-otp ${String(verified.status)}`);
      stats.signIns += 1;
      return { token, phone };
    } catch (error) {
      count(stats.failures, `sign-in: ${error instanceof Error ? error.message : String(error)}`);
      if (attempt >= 5) throw error;
      await sleep(500);
    }
  }
}

/**
 * One shopper after another ordering one unit of a variant in stock, pickup at a shop, paid on
 * receipt. A failed attempt is sent again with the same Idempotency-Key, as the webapp does, up
 * to three times; the key makes a repeat return the first order instead of placing another.
 */
async function orderLoop(
  cluster: Cluster,
  shop: { storeId: number; variantIds: number[] },
  stats: OrderStats,
  running: { on: boolean },
): Promise<void> {
  let account: { token: string; phone: string } | null = null;
  let placed = 0;
  while (running.on) {
    if (!account || placed >= ORDERS_PER_ACCOUNT) {
      account = await signIn(cluster, stats);
      placed = 0;
    }
    const key = randomUUID();
    const variant = shop.variantIds[stats.attempted % shop.variantIds.length] ?? 0;
    stats.attempted += 1;
    const body = {
      items: [{ product_id: variant, quantity: 1 }],
      delivery_type: 'pickup',
      store_id: shop.storeId,
      name: 'Dilnoza',
      surname: 'Karimova',
      phone: account.phone,
      payment_type: 'on_receipt',
    };
    let done = false;
    for (let attempt = 0; attempt < 3 && !done; attempt += 1) {
      const started = performance.now();
      try {
        const answer = await post(`${cluster.url}/api/orders`, body, {
          authorization: `Bearer ${account.token}`,
          'idempotency-key': key,
        });
        const number = (answer.json as { data?: { number?: string } } | null)?.data?.number;
        if (answer.status >= 200 && answer.status < 300 && number) {
          stats.acknowledged.set(number, key);
          stats.latencies.push(performance.now() - started);
          done = true;
        } else {
          const code = (answer.json as { code?: string } | null)?.code;
          count(stats.failures, `order ${String(answer.status)}${code ? ` ${code}` : ''}`);
          // Refused for what it is (stock, a rule): sending it again changes nothing.
          if (answer.status < 500 && answer.status !== 408 && answer.status !== 429) break;
        }
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        count(stats.failures, `order ${cause ?? (error as Error).name}`);
      }
      if (!done) await sleep(300);
    }
    if (done) placed += 1;
    else stats.givenUp.push(key);
  }
}

/** The scratch database's store and variants with plenty in stock, for the orders. */
function shopData(databaseUrl: string): { storeId: number; variantIds: number[] } {
  const store = query(databaseUrl, 'select id from stores order by id limit 1');
  const variants = query(
    databaseUrl,
    'select id from variants where quantity >= 20 order by quantity desc limit 200',
  );
  return { storeId: Number(store[0]?.[0] ?? 1), variantIds: variants.map((row) => Number(row[0])) };
}

interface OrderCheck {
  inDatabase: number;
  /** Acknowledged to a shopper, missing from the database. */
  lost: number;
  /** Two orders of one Idempotency-Key, or two orders with one number. */
  doubled: number;
  /** In the database though the shopper gave up on it (told it failed). */
  placedUnacknowledged: number;
  /** Orders whose staff card arrived once / not yet (still queued) / more than once. */
  cardsOnce: number;
  cardsMissing: number;
  cardsRepeated: number;
}

/** Acknowledged orders against the database, and each order's staff card in the stand-in. */
async function checkOrders(cluster: Cluster, stats: OrderStats): Promise<OrderCheck> {
  const numbers = query(cluster.databaseUrl, 'select number from orders').map(
    (row) => row[0] ?? '',
  );
  // Each created order's answer is kept under its key; a key with two orders would show twice.
  const doubledKeys = query(
    cluster.databaseUrl,
    "select count(*) - count(distinct (response->'data'->>'number')) from idempotency_keys where status_code = 200",
  );
  const doubled = Number(doubledKeys[0]?.[0] ?? 0) + (numbers.length - new Set(numbers).size);
  const inDatabase = new Set(numbers);
  const cards = (): Map<string, number> => {
    const seen = new Map<string, number>();
    for (const call of cluster.telegram.callsOf('sendMessage')) {
      if (call.payload.chat_id !== STAFF_CHAT || !call.ok) continue;
      const number = /№([A-Z0-9-]+)/.exec(String(call.payload.text))?.[1];
      if (number) count(seen, number);
    }
    return seen;
  };
  // The notifier sends in the background: wait until every order has its card, or 90 s.
  const until = Date.now() + 90_000;
  while (Date.now() < until && numbers.some((number) => !cards().has(number))) await sleep(500);
  const sent = cards();
  return {
    inDatabase: inDatabase.size,
    lost: [...stats.acknowledged.keys()].filter((number) => !inDatabase.has(number)).length,
    doubled,
    placedUnacknowledged: numbers.filter((number) => !stats.acknowledged.has(number)).length,
    cardsOnce: numbers.filter((number) => sent.get(number) === 1).length,
    cardsMissing: numbers.filter((number) => !sent.has(number)).length,
    cardsRepeated: numbers.filter((number) => (sent.get(number) ?? 0) > 1).length,
  };
}

// --- one step --------------------------------------------------------------------------------

interface StepRow {
  scenario: string;
  instances: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  browseRequests: number;
  browseFailures: Record<string, number>;
  orders: number;
  ordersPerSecond: number;
  orderP50Ms: number;
  orderP99Ms: number;
  signIns: number;
  orderFailures: Record<string, number>;
  ordersGivenUp: number;
  memoryMb: { instanceMax: number; instancesMax: number[]; backendMax: number; proxyMax: number };
  check: OrderCheck;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);
}

async function step(instances: number, kill: boolean): Promise<StepRow> {
  const database = `shop_bench_scale_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(ADMIN_URL, database);
  try {
    const cluster = await startCluster(instances, databaseUrl);
    try {
      const shop = shopData(databaseUrl);
      // Warm: code paths loaded, the backend's and the relay's caches filled.
      await browse(cluster.url, 5, () => undefined);
      const memory = new Map<number, { kind: Process['kind']; max: number }>();
      const sample = () => {
        for (const entry of clusterProcesses(cluster)) {
          const seen = memory.get(entry.pid);
          memory.set(entry.pid, {
            kind: entry.kind,
            max: Math.max(seen?.max ?? 0, entry.rssMb),
          });
        }
      };
      sample();
      const sampler = setInterval(sample, 2000);
      const stats: OrderStats = {
        attempted: 0,
        acknowledged: new Map(),
        givenUp: [],
        failures: new Map(),
        latencies: [],
        signIns: 0,
      };
      const browseFailures = new Map<string, number>();
      const running = { on: true };
      const started = performance.now();
      const shoppers = Array.from({ length: SHOPPERS }, () =>
        orderLoop(cluster, shop, stats, running),
      );
      let killed: Promise<void> = Promise.resolve();
      if (kill) {
        killed = sleep((SECONDS * 1000) / 2).then(() => {
          const victim = clusterProcesses(cluster).find((entry) => entry.kind === 'instance');
          if (victim) process.kill(victim.pid, 'SIGKILL');
        });
      }
      const result = await browse(cluster.url, SECONDS, (kind) => {
        count(browseFailures, kind);
      });
      running.on = false;
      await Promise.all([...shoppers, killed]);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const check = await checkOrders(cluster, stats);
      const of = (kind: Process['kind']) =>
        [...memory.values()].filter((entry) => entry.kind === kind).map((entry) => entry.max);
      return {
        scenario: kill ? `${String(instances)} instances, one SIGKILLed` : String(instances),
        instances,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        browseRequests: result.requests.total,
        browseFailures: Object.fromEntries(browseFailures),
        orders: stats.acknowledged.size,
        ordersPerSecond: Math.round((stats.acknowledged.size / seconds) * 10) / 10,
        orderP50Ms: percentile(stats.latencies, 0.5),
        orderP99Ms: percentile(stats.latencies, 0.99),
        signIns: stats.signIns,
        orderFailures: Object.fromEntries(stats.failures),
        ordersGivenUp: stats.givenUp.length,
        memoryMb: {
          instanceMax: Math.max(0, ...of('instance')),
          instancesMax: of('instance'),
          backendMax: Math.max(0, ...of('backend')),
          proxyMax: Math.max(0, ...of('proxy')),
        },
        check,
      };
    } finally {
      await cluster.stop();
      await rm(cluster.dataDir, { recursive: true, force: true });
    }
  } finally {
    await dropDatabase(ADMIN_URL, database);
  }
}

function describe(failures: Record<string, number>): string {
  const entries = Object.entries(failures);
  return entries.length === 0
    ? '0'
    : entries.map(([kind, n]) => `${kind}: ${String(n)}`).join(', ');
}

async function main(): Promise<void> {
  for (const bundle of ['bot/dist/main.mjs', 'backend/dist/main.mjs', 'webapp/dist/index.html']) {
    if (!existsSync(join(REPO_ROOT, bundle))) {
      throw new Error('Run `pnpm build` first: the scale bench runs the built shop.');
    }
  }
  const rows: StepRow[] = [];
  if (ONLY !== 'kill') {
    for (const instances of STEPS) {
      console.log(`step: ${String(instances)} instance(s), ${String(SECONDS)} s`);
      rows.push(await step(instances, false));
    }
  }
  if (ONLY !== 'steps') {
    const instances = Math.max(2, ...STEPS);
    console.log(
      `kill run: ${String(instances)} instances, one SIGKILLed after ${String(SECONDS / 2)} s`,
    );
    rows.push(await step(instances, true));
  }

  console.log(
    `\nScale: ${String(SECONDS)} s of browsing at ${String(CONNECTIONS)} connections while ` +
      `${String(SHOPPERS)} shoppers sign in and order, per step`,
  );
  console.table(
    rows.map((row) => ({
      instances: row.scenario,
      'browse req/s': row.requestsPerSecond,
      'p50/p99 ms': `${String(row.p50Ms)}/${String(row.p99Ms)}`,
      'orders/s': row.ordersPerSecond,
      'order p50/p99 ms': `${String(row.orderP50Ms)}/${String(row.orderP99Ms)}`,
      'RSS MB instance/backend/proxy': `${String(row.memoryMb.instanceMax)}/${String(row.memoryMb.backendMax)}/${String(row.memoryMb.proxyMax)}`,
    })),
  );
  for (const row of rows) {
    console.log(
      `${row.scenario}: browse failures ${describe(row.browseFailures)} of ${String(row.browseRequests)}; ` +
        `order attempts failed ${describe(row.orderFailures)}; orders given up ${String(row.ordersGivenUp)}; ` +
        `acknowledged ${String(row.orders)}, in the database ${String(row.check.inDatabase)}, ` +
        `lost ${String(row.check.lost)}, doubled ${String(row.check.doubled)}, ` +
        `placed but not acknowledged ${String(row.check.placedUnacknowledged)}; staff cards once ` +
        `${String(row.check.cardsOnce)}, not sent within 90 s ${String(row.check.cardsMissing)}, repeated ${String(row.check.cardsRepeated)}`,
    );
  }
  console.log(
    `Load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}: the load generator shares the machine's cores with everything it measures.`,
  );
  const results = join(REPO_ROOT, 'bench', 'results');
  await mkdir(results, { recursive: true });
  const file = join(results, ONLY === '' ? 'scale.json' : `scale-${ONLY}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, shoppers: SHOPPERS, rows, loadavg: loadavg() }, null, 2)}\n`,
  );
  console.log(`Wrote ${file}`);
}

await main();
