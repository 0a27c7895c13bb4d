import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { figure, parseScrape } from '../testing/scrape';
import { makeFakeDist } from '../testing/temp-dist';
import { startMetricsListener } from './metrics-routes';
import { createShopMetrics, type ShopMetrics } from './shop-metrics';

/**
 * The figures are the operator's: a shopper asking the public port for /metrics (with no token, a
 * wrong one, or through the relay's paths) gets the same not-found answer as for any unknown
 * path, and no backend hears of it. With a port of its own, the public port has no /metrics at
 * all.
 */

const TOKEN = 'prometheus-scrape-token-for-tests-0123';

let stand: RelayStand;
let tokenFigures: ShopMetrics;
/** A second server on the same backends, its figures on a listener of their own. */
let ownPortServer: FastifyInstance;
let ownPortFigures: ShopMetrics;
let listener: FastifyInstance;
let removeDist: () => Promise<void>;

beforeAll(async () => {
  tokenFigures = createShopMetrics();
  stand = await startRelayStand({
    upstreamTimeoutMs: 10_000,
    logLevel: 'warn',
    metrics: { figures: tokenFigures, token: TOKEN },
  });
  const dist = await makeFakeDist();
  removeDist = dist.remove;
  ownPortFigures = createShopMetrics();
  ownPortServer = await buildServer({
    webappDist: dist.dir,
    upstreams: stand.upstreams,
    upstreamTimeoutMs: 10_000,
    metrics: { figures: ownPortFigures, token: null },
    log: { level: 'warn' },
  });
  listener = await startMetricsListener({ metrics: ownPortFigures, host: '127.0.0.1', port: 0 });
}, 180_000);

afterAll(async () => {
  await listener.close();
  await ownPortServer.close();
  await stand.close();
  await removeDist();
}, 60_000);

/** What any unknown path answers: the app's not-found page. */
async function notFoundPage(app: FastifyInstance) {
  const answer = await app.inject({ url: '/no-such-page-here' });
  expect(answer.statusCode).toBe(404);
  return answer;
}

describe('/metrics on the public port', () => {
  it('answers a shopper as any unknown path: no token, a wrong one, another scheme', async () => {
    const unknown = await notFoundPage(stand.app);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token-wrong-token',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `bearer ${TOKEN}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const answer = await stand.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.statusCode, authorization ?? '(none)').toBe(404);
      expect(answer.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(answer.body).not.toContain('http_requests_total');
      expect(answer.body).not.toContain('# HELP');
    }
  });

  it('serves the figures to the token holder, on that one path only', async () => {
    const allowed = await stand.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['cache-control']).toBe('no-store');
    // The refusals above were counted as what they answered: unknown paths, 404.
    expect(
      figure(parseScrape(allowed.body), 'http_requests_total', {
        route: '*',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(8);

    for (const url of ['/metrics/', '/Metrics', '/metrics.txt', '/en/metrics', '//metrics']) {
      const answer = await stand.app.inject({
        url,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(answer.body, url).not.toContain('# HELP');
    }
  });

  it('is not passed through by the relay, and no backend hears of it', async () => {
    const seenBefore = stand.proxy.requests.length;
    const relayPaths = ['/api/metrics', '/backend/metrics', '/backend/api/ext/v1/metrics'];
    // A shopper has no token; the holder's token does not open the relay's paths either.
    const attempts = [
      ...relayPaths.map((url) => ({ url, headers: {} })),
      ...relayPaths.map((url) => ({ url, headers: { authorization: `Bearer ${TOKEN}` } })),
      { url: '/api/%2e%2e/metrics', headers: {} },
      { url: '/api/orders/../../metrics', headers: {} },
    ];
    for (const { url, headers } of attempts) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await stand.app.inject({ method, url, headers });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.body).not.toContain('# HELP');
      }
    }
    expect(stand.proxy.requests.slice(seenBefore)).toEqual([]);
  });
});

describe('/metrics on a port of its own', () => {
  it('leaves the public port without /metrics, token or not', async () => {
    const unknown = await notFoundPage(ownPortServer);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const answer = await ownPortServer.inject({ url: '/metrics', headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(answer.body).not.toContain('# HELP');
    }
  });

  it('serves /metrics and nothing else there, with figures of that server only', async () => {
    const address = listener.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    const base = `http://127.0.0.1:${String(address.port)}`;
    await ownPortServer.inject({ url: '/healthz' });
    const scraped = await fetch(`${base}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const series = parseScrape(await scraped.text());
    expect(figure(series, 'http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
    expect(figure(series, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // The other server in this process keeps its own figures: it answered no /healthz.
    const other = parseScrape((await tokenFigures.scrape()).body);
    expect(figure(other, 'http_requests_total', { route: '/healthz' })).toBeUndefined();

    for (const path of ['/', '/healthz', '/api/orders', '/metrics/extra']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
  });
});
