// /readyz: ready when the database and both backends answer; 503 naming the part that does not,
// within the check's time limit even when a backend takes the connection and never answers.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import { closedPortUrl, startStandInUpstream, type StandIn } from '../testing/upstream-stand-ins';
import { registerReadiness } from './readiness';
import Fastify from 'fastify';

describe('/readyz', () => {
  let answering: StandIn;
  let stalled: StandIn;
  let store: NotifierStore;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    // A backend without a /healthz of its own is still reachable: it answers.
    answering = await startStandInUpstream((_request, res) => {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"not_found"}');
    });
    stalled = await startStandInUpstream(() => undefined);
    store = await openNotifierStore({});
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await answering.close();
    await stalled.close();
  });

  function serverWith(ecommerceUrl: string, catalogUrl: string, timeoutMs = 300) {
    const app = Fastify();
    apps.push(app);
    registerReadiness(app, {
      upstreams: { ecommerceUrl, catalogUrl, catalogApiKey: 'key-never-sent' },
      database: store,
      timeoutMs,
    });
    return app;
  }

  it('asks a backend that serves both calls once, and names it under both', async () => {
    const before = answering.requests.length;
    const res = await serverWith(answering.url, answering.url).inject({ url: '/readyz' });
    expect(res.json()).toMatchObject({ checks: { ecommerce: 'ok', catalog: 'ok' } });
    expect(answering.requests.length - before).toBe(1);
  });

  it('is ready when the database and both backends answer', async () => {
    const res = await serverWith(answering.url, answering.url).inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { ecommerce: 'ok', catalog: 'ok', database: 'ok' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a backend refuses or stalls, and says which, within its limit', async () => {
    const refused = await serverWith(answering.url, await closedPortUrl()).inject({
      url: '/readyz',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'upstream_unavailable',
      checks: { ecommerce: 'ok', catalog: 'unreachable', database: 'ok' },
    });

    const started = Date.now();
    const hanging = await serverWith(stalled.url, answering.url, 300).inject({ url: '/readyz' });
    expect(hanging.statusCode).toBe(503);
    expect(hanging.json()).toMatchObject({ checks: { ecommerce: 'unreachable', catalog: 'ok' } });
    // The stalled backend holds its connection: the answer comes at the limit, not never.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is not ready when its database is gone', async () => {
    const app = serverWith(answering.url, answering.url);
    await store.close();
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { database: 'unreachable' } });
  });
});
