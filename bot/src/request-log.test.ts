// One log line per request: a relayed call is one line with its id, status and time (Fastify's
// "incoming request" / "request completed" pair is gone), and the backend is told the same id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayStand, type RelayStand } from './testing/relay-stand';

describe('the request log', () => {
  let stand: RelayStand;

  beforeAll(async () => {
    stand = await startRelayStand({ upstreamTimeoutMs: 5000, logLevel: 'debug' });
  });
  afterAll(async () => {
    await stand.close();
  });

  it('writes one line per relayed call, with the id the backend was given', async () => {
    const before = stand.logs.lines.length;
    const res = await stand.app.inject({ url: '/api/store/stores', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    const lines = stand.logs.lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/store/stores',
      status: 200,
      ip: '203.0.113.9',
    });
    expect(typeof line?.ms).toBe('number');
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const seen = stand.proxy.requests.at(-1);
    expect(seen?.url).toBe('/api/store/stores');
    expect(seen?.headers['x-request-id']).toBe(line?.reqId);
  });

  it('gives every request an id of its own, and blots long digit runs out of the path', async () => {
    const before = stand.logs.lines.length;
    await stand.app.inject({ url: '/api/orders/8600123456789012' });
    await stand.app.inject({ url: '/api/store/stores' });
    const lines = stand.logs.lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.msg === 'request')).toHaveLength(2);
    expect(stand.logs.text()).not.toContain('8600123456789012');
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(lines.length);
  });
});

describe('the request log at the default level (info)', () => {
  let stand: RelayStand;

  beforeAll(async () => {
    stand = await startRelayStand({ upstreamTimeoutMs: 5000, logLevel: 'info' });
  });
  afterAll(async () => {
    await stand.close();
  });

  it('leaves answered requests out and keeps refused ones', async () => {
    const before = stand.logs.lines.length;
    for (let i = 0; i < 5; i += 1) {
      expect((await stand.app.inject({ url: '/api/store/stores' })).statusCode).toBe(200);
    }
    const refused = await stand.app.inject({ url: '/api/no-such-call' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const requests = stand.logs.lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(requests).toMatchObject([{ url: '/api/no-such-call', status: refused.statusCode }]);
  });

  it('leaves out scrapes of the figures and health checks however their path is spelled', async () => {
    const before = stand.logs.lines.length;
    // No figures on this port: each is a 404, which for any other path is an info line.
    for (const url of ['/metrics', '/%6Detrics', '/m%65trics']) {
      expect((await stand.app.inject({ url })).statusCode, url).toBe(404);
    }
    const requests = stand.logs.lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(requests).toEqual([]);
  });
});
