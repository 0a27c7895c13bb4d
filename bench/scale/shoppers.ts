// Shoppers who order while the shop is under load: each signs in by the SMS code the console
// provider wrote and places one-unit pickup orders, three per account, each under an
// Idempotency-Key and sent again with it when an attempt fails.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { query, sleep, type Cluster } from './cluster';
import { ORDERS_PER_ACCOUNT } from './settings';

export interface OrderStats {
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

export function count(map: Map<string, number>, kind: string): void {
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
export async function orderLoop(
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
export function shopData(databaseUrl: string): { storeId: number; variantIds: number[] } {
  const store = query(databaseUrl, 'select id from stores order by id limit 1');
  const variants = query(
    databaseUrl,
    'select id from variants where quantity >= 20 order by quantity desc limit 200',
  );
  return { storeId: Number(store[0]?.[0] ?? 1), variantIds: variants.map((row) => Number(row[0])) };
}
