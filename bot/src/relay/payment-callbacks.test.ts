import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { captureLogs } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import { closedPortUrl, startStandInUpstream, type StandIn } from '../testing/upstream-stand-ins';
import { cleanUpAfterEach } from '../testing/cleanups';

/**
 * The providers' calls reach the backend byte for byte (Click signs the form as sent) with their
 * authorization (Payme's Basic), and the backend's answer comes back as it was given.
 */

const cleanUpLater = cleanUpAfterEach();

async function serverFor(upstreamUrl: string): Promise<FastifyInstance> {
  const dist = await makeFakeDist();
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: upstreamUrl, catalogUrl: upstreamUrl, catalogApiKey: 'k-5f1c2a9e' },
    upstreamTimeoutMs: 2000,
    log: { level: 'silent', stream: captureLogs().stream },
  });
  cleanUpLater(async () => {
    await app.close();
    await dist.remove();
  });
  return app;
}

async function echoingBackend(): Promise<StandIn> {
  const upstream = await startStandInUpstream((seen, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'set-cookie': 'x=1' });
    res.end(JSON.stringify({ error: 0, seen: seen.url }));
  });
  cleanUpLater(() => upstream.close());
  return upstream;
}

describe('payment provider calls', () => {
  it('pass Click’s form to the backend unchanged and its answer back', async () => {
    const upstream = await echoingBackend();
    const app = await serverFor(upstream.url);
    const form = 'click_trans_id=1&service_id=2&amount=38400&sign_string=ab%2Bcd';
    const answer = await app.inject({
      method: 'POST',
      url: '/payments/click/prepare',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'sid=secret' },
      payload: form,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ error: 0, seen: '/payments/click/prepare' });
    expect(answer.headers['set-cookie']).toBeUndefined();
    const [seen] = upstream.requests;
    expect(seen?.body.toString()).toBe(form);
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen?.headers.cookie).toBeUndefined();
  });

  it('pass Payme’s JSON-RPC call with its Basic authorization', async () => {
    const upstream = await echoingBackend();
    const app = await serverFor(upstream.url);
    const call = '{"id":7,"method":"CheckTransaction","params":{"id":"a"}}';
    const answer = await app.inject({
      method: 'POST',
      url: '/payments/payme',
      headers: { 'content-type': 'application/json', authorization: 'Basic UGF5Y29tOmtleQ==' },
      payload: call,
    });
    expect(answer.statusCode).toBe(200);
    const [seen] = upstream.requests;
    expect(seen?.body.toString()).toBe(call);
    expect(seen?.headers.authorization).toBe('Basic UGF5Y29tOmtleQ==');
  });

  it('refuse a body larger than any provider call, without asking the backend', async () => {
    const upstream = await echoingBackend();
    const app = await serverFor(upstream.url);
    const answer = await app.inject({
      method: 'POST',
      url: '/payments/payme',
      headers: { 'content-type': 'application/json' },
      payload: `{"pad":"${'x'.repeat(20_000)}"}`,
    });
    expect(answer.statusCode).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it('answer 502 when the backend cannot be reached, so the provider calls again', async () => {
    const app = await serverFor(await closedPortUrl());
    const answer = await app.inject({
      method: 'POST',
      url: '/payments/click/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'click_trans_id=1',
    });
    expect(answer.statusCode).toBe(502);
  });
});
