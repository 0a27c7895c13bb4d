import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS, PROFILE_PHOTO_MAX_BYTES } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { buildServer, type ServerDeps } from '../server';
import { UPLOAD_BODY_LIMIT } from './uploads';
import { captureLogs, type LogCapture } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import {
  closedPortUrl,
  listenLocally,
  startStandInUpstream,
  type SeenRequest,
  type StandIn,
} from '../testing/upstream-stand-ins';
import { cleanUpAfterEach } from '../testing/cleanups';

/**
 * What the relay does when the backend misbehaves. The backends here are raw HTTP servers that
 * stand in for a remote service gone wrong: they hang, lie about the contract, or fail.
 */

const KEY = 'stand-in-catalog-key-5f1c2a9e';
const PRIVATE = 'Customer Secret-Surname';

const cleanUpLater = cleanUpAfterEach();

/** The limits a test may set short (ServerDeps); the rest keep their defaults. */
type Limits = Pick<ServerDeps, 'upstreamMaxAnswerBytes' | 'mediaTransferTimeoutMs'>;

async function relayTo(
  upstreamUrl: string,
  timeoutMs = 2000,
  limits: Limits = {},
): Promise<{ app: FastifyInstance; logs: LogCapture }> {
  const logs = captureLogs();
  const dist = await makeFakeDist();
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: upstreamUrl, catalogUrl: upstreamUrl, catalogApiKey: KEY },
    upstreamTimeoutMs: timeoutMs,
    ...limits,
    log: { level: 'debug', stream: logs.stream },
  });
  cleanUpLater(async () => {
    await app.close();
    await dist.remove();
  });
  return { app, logs };
}

type Respond = (request: SeenRequest, res: ServerResponse) => void;

async function standIn(respond: Respond): Promise<StandIn> {
  const upstream = await startStandInUpstream(respond);
  cleanUpLater(() => upstream.close());
  return upstream;
}

/** A stand-in backend that answers as `respond` says, and the relay in front of it. */
async function relayInFrontOf(
  respond: Respond,
  timeoutMs?: number,
  limits?: Limits,
): Promise<{ app: FastifyInstance; logs: LogCapture; upstream: StandIn }> {
  const upstream = await standIn(respond);
  return { ...(await relayTo(upstream.url, timeoutMs, limits)), upstream };
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Answers every request with `body` as JSON. */
function answerJson(status: number, body: unknown, headers: Record<string, string> = {}): Respond {
  return (_req, res) => {
    json(res, status, body, headers);
  };
}

/** Answers every request with `text` as `contentType`. */
function answerText(status: number, contentType: string, text: string): Respond {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(text);
  };
}

describe('relay when the backend misbehaves', () => {
  it('answers 504 within the configured timeout when the backend never answers', async () => {
    const { app } = await relayInFrontOf(() => undefined, 300);
    const started = Date.now();
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'upstream_timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('waits longer for a call that waits on the card processor than for a plain read', async () => {
    // Both answers come after 600 ms, past the relay's own 300 ms; the card call may take its
    // contract's minimum, so it gets through, while the plain read is a 504.
    const { app } = await relayInFrontOf((request, res) => {
      setTimeout(() => {
        if (request.url.startsWith('/api/payments/card/create')) {
          json(res, 200, { card_id: 7, phone: '99890*****11', resend_after: 60, code_length: 6 });
        } else json(res, 200, { data: [] });
      }, 600);
    }, 300);
    const card = await app.inject({
      method: 'POST',
      url: '/api/payments/card/create',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
      payload: { card_number: '8600 0691 9540 6311', expiry: '03/99', phone: '+998901234567' },
    });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ card_id: 7 });
    const read = await app.inject({ url: '/api/store/stores' });
    expect(read.statusCode).toBe(504);
  });

  it('answers 504 when the backend sends headers and then stalls', async () => {
    const { app } = await relayInFrontOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
    }, 300);
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'upstream_timeout' });
  });

  it('gives a customer-scoped call one deadline for its user check and the call together', async () => {
    // Each backend call alone fits in the 1 s limit; the two together do not. The shopper waits
    // for both, so the limit holds for both: a 504 once the second call reaches it.
    const limitMs = 1000;
    const customer = {
      id: 5,
      name: 'A',
      surname: 'B',
      phone: '+998901234567',
      photo: null,
      email: null,
      company: null,
      user_type: 'individual',
    };
    const { app, upstream } = await relayInFrontOf((request, res) => {
      setTimeout(() => {
        if (request.url === '/api/auth/user') json(res, 200, customer);
        else json(res, 200, { data: [], meta: { total: 0, page: 1, per_page: 20, last_page: 1 } });
      }, 600);
    }, limitMs);
    const started = Date.now();
    const res = await app.inject({
      url: '/backend/api/ext/v1/customers/5/orders',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    const waited = Date.now() - started;
    expect(upstream.requests.map((request) => request.url)).toEqual([
      '/api/auth/user',
      '/backend/api/ext/v1/customers/5/orders',
    ]);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'upstream_timeout' });
    // The limit, and a generous margin for a loaded machine: never the two calls' 2 s.
    expect(waited).toBeGreaterThanOrEqual(limitMs - 50);
    expect(waited).toBeLessThan(limitMs + 800);
  });

  it("counts the deadline from the request's arrival, so a body that trickles in leaves the backend less time", async () => {
    const limitMs = 1000;
    const { app } = await relayInFrontOf((_request, res) => {
      setTimeout(() => {
        json(res, 200, { message: 'sent', resend_after: 60, expires_in: 300, code_length: 5 });
      }, 600);
    }, limitMs);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ phone: '+998901234567' });
    const started = Date.now();
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const browser = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/send-otp',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, text });
          });
        },
      );
      browser.on('error', reject);
      // Half the body now, the rest 600 ms later: 600 ms of the limit are gone before the
      // backend is asked, and its 600 ms do not fit in what is left.
      browser.write(body.slice(0, 5));
      setTimeout(() => browser.end(body.slice(5)), 600);
    });
    const { status, text } = await answer;
    expect(status).toBe(504);
    expect(JSON.parse(text)).toMatchObject({ code: 'upstream_timeout' });
    expect(Date.now() - started).toBeLessThan(limitMs + 800);
  });

  it('answers 502 when the connection is refused', async () => {
    const { app, logs } = await relayTo(await closedPortUrl());
    const res = await app.inject({ url: '/backend/api/ext/v1/resources/categories' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'upstream_unavailable',
      message: 'The catalogue service is not reachable right now. Please try again.',
    });
    expect(logs.messages('Upstream call failed')[0]).toMatchObject({
      call: 'categories',
      reason: 'ECONNREFUSED',
    });
  });

  it('answers 502 upstream_invalid for a body that breaks the contract, logging issues not data', async () => {
    const { app, logs } = await relayInFrontOf(
      answerJson(200, { data: [{ id: 'one', name: PRIVATE }] }),
    );
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_invalid' });
    expect(res.body).not.toContain(PRIVATE);
    const [entry] = logs.messages('breaks the contract');
    expect(entry).toMatchObject({
      call: 'stores',
      issues: expect.arrayContaining([expect.objectContaining({ path: ['data', 0, 'id'] })]),
    });
    expect(logs.text()).not.toContain(PRIVATE);
  });

  it("passes only the contract's fields: one the backend adds never reaches the browser", async () => {
    const store = {
      id: 1,
      name: 'Chilonzor',
      address: 'Bunyodkor 1',
      phone: '+998 71 200 00 00',
      hours: '9:00–21:00',
      location: { lat: 41.28, lng: 69.2 },
    };
    const { app } = await relayInFrontOf(
      answerJson(200, {
        data: [{ ...store, managerNote: PRIVATE, location: { ...store.location, internal: 1 } }],
        debug: PRIVATE,
      }),
    );
    // Twice: the first check of a call's answer compiles its schema, the second runs the result.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await app.inject({ url: '/api/store/stores' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [store] });
    }
  });

  it('refuses an answer past the size limit without reading it whole, and closes the backend connection', async () => {
    // A valid answer (an empty list padded with whitespace) of 50 MB, written as fast as the
    // relay takes it: the relay must stop at its limit rather than hold all of it in memory.
    const limit = 256 * 1024;
    const total = 50 * 1024 * 1024;
    let written = 0;
    let backendClosed = false;
    const { app, logs } = await relayInFrontOf(
      (_req, res) => {
        res.on('close', () => (backendClosed = true));
        res.writeHead(200, { 'content-type': 'application/json' });
        const padding = Buffer.alloc(64 * 1024, 0x20);
        res.write('{"data":[]');
        const more = () => {
          while (written < total && !res.destroyed) {
            written += padding.length;
            if (!res.write(padding)) {
              res.once('drain', more);
              return;
            }
          }
          res.end('}');
        };
        more();
      },
      10_000,
      { upstreamMaxAnswerBytes: limit },
    );
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_invalid' });
    expect(logs.messages('larger than')[0]).toMatchObject({ call: 'stores', limit });
    await vi.waitFor(() => {
      expect(backendClosed).toBe(true);
    });
    // What the backend got into its socket before the relay hung up: the limit and what the
    // sockets on the way buffer, nowhere near the whole answer.
    expect(written).toBeLessThan(total / 4);
  });

  it('refuses an answer whose declared length is past the limit before reading any of it', async () => {
    const limit = 256 * 1024;
    let backendClosed = false;
    const { app } = await relayInFrontOf(
      (_req, res) => {
        res.on('close', () => (backendClosed = true));
        // Only the headers: a relay that waited for the body would wait out the 10 s limit.
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(limit + 1),
        });
        res.flushHeaders();
      },
      10_000,
      { upstreamMaxAnswerBytes: limit },
    );
    const started = Date.now();
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_invalid' });
    expect(Date.now() - started).toBeLessThan(5000);
    await vi.waitFor(() => {
      expect(backendClosed).toBe(true);
    });
  });

  it('passes an answer of exactly the size limit', async () => {
    const body = JSON.stringify({ data: [] });
    const limit = 64 * 1024;
    const { app } = await relayInFrontOf(
      answerText(
        200,
        'application/json',
        body.slice(0, -1) + ' '.repeat(limit - body.length) + '}',
      ),
      2000,
      { upstreamMaxAnswerBytes: limit },
    );
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('asks for an unpacked answer, and still reads one a backend packs anyway', async () => {
    const answer = { data: [] };
    for (const [encoding, pack] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const { app, upstream } = await relayInFrontOf((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
        res.end(pack(JSON.stringify(answer)));
      });
      const res = await app.inject({ url: '/api/store/stores' });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.json()).toEqual(answer);
      expect(upstream.requests[0]?.headers['accept-encoding']).toBe('identity');
    }
  });

  it('counts a packed answer as it unpacks: a small bomb is refused at the limit', async () => {
    const limit = 64 * 1024;
    // 20 KB on the wire, 20 MB unpacked.
    const bomb = gzipSync(Buffer.from(`{"data":[]${' '.repeat(20 * 1024 * 1024)}}`));
    const { app, logs } = await relayInFrontOf(
      (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': String(bomb.length),
        });
        res.end(bomb);
      },
      2000,
      { upstreamMaxAnswerBytes: limit },
    );
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_invalid' });
    expect(logs.messages('larger than')[0]).toMatchObject({ call: 'stores', limit });
  });

  it('refuses an answer in an encoding it cannot read', async () => {
    const { app } = await relayInFrontOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
      res.end('(\xb5/\xfd not really)');
    });
    const res = await app.inject({ url: '/api/store/stores' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_unavailable' });
  });

  // Backend answers the relay must not pass on: each becomes a 502 with the relay's own code,
  // and nothing of what the backend said.
  for (const { title, respond, url, code, said } of [
    {
      title: 'answers 502 upstream_invalid for a 200 that is not JSON',
      respond: answerText(200, 'text/html', '<html>maintenance</html>'),
      url: '/api/content/slides',
      code: 'upstream_invalid',
      said: 'maintenance',
    },
    {
      title: 'turns a backend 500 into 502 without passing on what the backend said',
      respond: answerJson(500, {
        code: 'internal_error',
        message: 'relation "orders" does not exist',
      }),
      url: '/api/settings/delivery',
      code: 'upstream_unavailable',
      said: 'relation',
    },
    {
      title: 'turns a 4xx that is not our error shape into 502',
      respond: answerText(404, 'text/html', '<h1>nginx</h1>'),
      url: '/api/store/stores',
      code: 'upstream_unavailable',
      said: 'nginx',
    },
  ]) {
    it(title, async () => {
      const { app } = await relayInFrontOf(respond);
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code });
      expect(res.body).not.toContain(said);
    });
  }

  it('passes a well-formed 4xx error through with its status and Retry-After', async () => {
    const { app } = await relayInFrontOf(
      answerJson(
        429,
        { code: 'otp_resend_too_soon', message: 'Wait a minute', retry_after: 42 },
        { 'retry-after': '42' },
      ),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { phone: '+998901234567', user_type: 'null' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual({
      code: 'otp_resend_too_soon',
      message: 'Wait a minute',
      retry_after: 42,
    });
  });

  it('answers each error code with its one status: a backend 503 of the SMS gateway is the 502 the relay itself uses', async () => {
    // The backend once sent upstream_unavailable as 503 while the relay sent it as 502; the
    // shared table makes them one, and the relay answers with the table's status.
    const { app } = await relayInFrontOf(
      answerJson(503, { code: 'upstream_unavailable', message: 'The SMS could not be sent.' }),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { phone: '+998901234567', user_type: 'null' },
    });
    expect(res.statusCode).toBe(ERROR_STATUS.upstream_unavailable);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('passes the card processor being down through as the 503 it is, with its message', async () => {
    const { app } = await relayInFrontOf(
      answerJson(503, {
        code: 'payment_unavailable',
        message: 'The payment service is not answering. Nothing was charged.',
      }),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/UY-001001/pay',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
      payload: { card_id: 1 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'payment_unavailable',
      message: 'The payment service is not answering. Nothing was charged.',
    });
  });

  it("does not pass a 5xx whose code says otherwise: it becomes the relay's own 502", async () => {
    const { app } = await relayInFrontOf(
      answerJson(500, { code: 'payment_unavailable', message: 'stack trace here' }),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/UY-001001/pay',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
      payload: { card_id: 1 },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_unavailable' });
    expect(res.body).not.toContain('stack trace');
  });

  it('gives a refusal the status of its code even when the backend spelled it differently', async () => {
    const { app } = await relayInFrontOf(
      answerJson(400, { code: 'card_not_found', message: 'No such card' }),
    );
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/payments/cards/7',
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'card_not_found', message: 'No such card' });
  });

  /** A signed-in shopper's order, as the relay checks it before any backend sees it. */
  const placeOrder = (app: FastifyInstance, idempotencyKey: string) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${'a'.repeat(43)}`, 'idempotency-key': idempotencyKey },
      payload: {
        items: [{ product_id: 1, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: 1,
        name: 'Dilnoza',
        surname: 'Karimova',
        phone: '+998901117788',
        payment_type: 'on_receipt',
      },
    });

  it("passes the backend's Idempotent-Replayed on, and no other header of its own", async () => {
    // A replayed refusal is the first attempt's refusal: the browser is told it is a replay.
    // (A replayed order, a 2xx, goes through the reference backend in relay-gate.test.ts.)
    const { app } = await relayInFrontOf(
      answerJson(
        409,
        { code: 'out_of_stock', message: 'Sold out meanwhile' },
        {
          'idempotent-replayed': 'true',
          'set-cookie': 'session=backend-secret',
          'x-powered-by': 'Backend 1.0',
          'x-internal-host': 'db-7.internal',
        },
      ),
    );
    const res = await placeOrder(app, 'key-0001-abcdefgh');
    expect(res.statusCode).toBe(409);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-internal-host']).toBeUndefined();
  });

  it('passes Idempotent-Replayed only with the one value it has', async () => {
    const { app } = await relayInFrontOf(
      answerJson(
        409,
        { code: 'out_of_stock', message: 'Sold out meanwhile' },
        { 'idempotent-replayed': '<script>' },
      ),
    );
    const res = await placeOrder(app, 'key-0002-abcdefgh');
    expect(res.statusCode).toBe(409);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does not follow a redirect, so the API key cannot be sent elsewhere', async () => {
    const elsewhere = await standIn(answerJson(200, { data: [] }));
    const { app } = await relayInFrontOf((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/steal` });
      res.end();
    });
    const res = await app.inject({ url: '/backend/api/ext/v1/resources/categories' });
    expect(res.statusCode).toBe(502);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('aborts the backend call when the browser goes away', async () => {
    let upstreamClosed = false;
    const { app, upstream } = await relayInFrontOf((_req, res) => {
      res.on('close', () => (upstreamClosed = true));
    }, 10_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const browser = httpRequest({ host: '127.0.0.1', port, path: '/api/store/stores' });
    browser.on('error', () => undefined);
    browser.end();
    await vi.waitFor(() => {
      expect(upstream.requests).toHaveLength(1);
    });
    browser.destroy();
    await vi.waitFor(
      () => {
        expect(upstreamClosed).toBe(true);
      },
      { timeout: 3000 },
    );
  });

  it('keeps serving after every kind of failure', async () => {
    const { app } = await relayInFrontOf(answerJson(200, { data: [] }));
    expect((await app.inject({ url: '/api/store/stores' })).json()).toEqual({ data: [] });
  });
});

describe('relay uploads', () => {
  const boundary = '----shop-test-boundary';
  const multipart = (size: number) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(size, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  /** A signed-in browser's headers for a multipart upload. */
  const uploadHeaders = {
    authorization: 'Bearer abc.def',
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  const user = {
    id: 5,
    name: 'A',
    surname: 'B',
    phone: '+998901234567',
    photo: '/media/u/5.webp',
    email: null,
    company: null,
    user_type: 'individual',
  };

  it('streams a photo upload through with its multipart boundary', async () => {
    const { app, upstream } = await relayInFrontOf(answerJson(200, user));
    const payload = multipart(200_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { ...uploadHeaders },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    const [seen] = upstream.requests;
    expect(seen?.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(seen?.headers.authorization).toBe('Bearer abc.def');
    expect(seen?.body.equals(payload)).toBe(true);
  });

  it('passes the largest photo the backend takes (10 MB plus the multipart framing) intact', async () => {
    const { app, upstream } = await relayInFrontOf(answerJson(200, user));
    const payload = multipart(PROFILE_PHOTO_MAX_BYTES);
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { ...uploadHeaders },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(upstream.requests[0]?.body.equals(payload)).toBe(true);
  });

  it('refuses an upload declared over the limit before it reaches the backend', async () => {
    const { app, upstream } = await relayInFrontOf(answerJson(200, user));
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { ...uploadHeaders },
      payload: multipart(UPLOAD_BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'The photo is larger than 10 MB',
      details: [{ field: 'photo', rule: 'too_large' }],
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('cuts off an upload without a length once it passes the limit', async () => {
    const { app } = await relayInFrontOf(answerJson(200, user));
    const body = new PassThrough();
    const answer = app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { ...uploadHeaders },
      payload: body,
    });
    body.end(multipart(UPLOAD_BODY_LIMIT));
    const res = await answer;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('streams an upload to the backend while the shopper is still sending it', async () => {
    // The backend stand-in says when the first bytes arrive; the rest is sent only after that.
    // A relay that buffered the upload would never pass the first half on, and this would hang.
    let firstBytesArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      firstBytesArrived = resolve;
    });
    let received = 0;
    const server = createServer((req, res) => {
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        firstBytesArrived();
      });
      req.on('end', () => {
        json(res, 200, user);
      });
    });
    const backend = await listenLocally(server);
    cleanUpLater(backend.close);
    const { app } = await relayTo(backend.url);
    const payload = multipart(4 * 1024 * 1024);
    const half = 2 * 1024 * 1024;
    const body = new PassThrough();
    const answer = app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { ...uploadHeaders },
      payload: body,
    });
    body.write(payload.subarray(0, half));
    await arrived;
    expect(received).toBeLessThanOrEqual(half);
    body.end(payload.subarray(half));
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(received).toBe(payload.length);
  });

  it('refuses a JSON body over 64 KiB', async () => {
    const { app, upstream } = await relayInFrontOf(answerJson(200, []));
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/cart',
      headers: { authorization: 'Bearer abc.def', 'content-type': 'application/json' },
      payload: JSON.stringify({ cart_data: [], pad: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('wants multipart for the photo and JSON for everything else', async () => {
    const { app, upstream } = await relayInFrontOf(answerJson(200, user));
    const photoAsJson = await app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { authorization: 'Bearer abc.def' },
      payload: { photo: 'x' },
    });
    expect(photoAsJson.statusCode).toBe(415);
    const profileAsForm = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...uploadHeaders },
      payload: multipart(10),
    });
    expect(profileAsForm.statusCode).toBe(415);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('relay media', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('streams images from the catalogue backend without the API key', async () => {
    const { app, upstream } = await relayInFrontOf((req, res) => {
      if (req.url === '/media/products/mug-1.png') {
        res.writeHead(200, {
          'content-type': 'image/png',
          'content-length': String(PNG.length),
          etag: '"v1"',
        });
        res.end(PNG);
      } else json(res, 404, { code: 'not_found', message: 'No such file' });
    });
    const res = await app.inject({ url: '/media/products/mug-1.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(upstream.requests[0]?.headers['x-api-key']).toBeUndefined();

    const missing = await app.inject({ url: '/media/products/nope.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  /**
   * Asks for `path` over a real socket, as a browser would: when the status came, and when the
   * connection closed (the shopper's socket freed). No keep-alive agent, so only the server closes.
   */
  async function fetchOverSocket(app: FastifyInstance, path: string) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const seen: { status?: number; body: string; closedAt?: number } = { body: '' };
    const browser = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      seen.status = res.statusCode;
      res.on('data', (chunk: Buffer) => (seen.body += chunk.toString('latin1')));
      res.on('error', () => undefined);
    });
    browser.on('error', () => undefined);
    browser.on('close', () => (seen.closedAt = Date.now()));
    browser.end();
    cleanUpLater(() => browser.destroy());
    return seen;
  }

  it('frees both sockets when the catalogue sends image headers and then stalls', async () => {
    // The idle limit is the upstream timeout: 300 ms without a byte and the transfer is over.
    const idleMs = 300;
    let backendClosedAt: number | undefined;
    const { app } = await relayInFrontOf((_req, res) => {
      res.on('close', () => (backendClosedAt = Date.now()));
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
      res.write(PNG);
    }, idleMs);
    const started = Date.now();
    const shopper = await fetchOverSocket(app, '/media/products/stalled.png');
    await vi.waitFor(
      () => {
        expect(shopper.closedAt).toBeDefined();
        expect(backendClosedAt).toBeDefined();
      },
      { timeout: 5000 },
    );
    expect(shopper.status).toBe(200);
    // Within the limit and a generous margin, not whenever the backend gives up.
    expect((shopper.closedAt ?? Infinity) - started).toBeLessThan(idleMs + 2000);
    expect((backendClosedAt ?? Infinity) - started).toBeLessThan(idleMs + 2000);
  });

  it('cuts an image that trickles in slower than the transfer limit, though never idle', async () => {
    const transferMs = 600;
    let backendClosedAt: number | undefined;
    const { app } = await relayInFrontOf(
      (_req, res) => {
        const trickle = setInterval(() => res.write(Buffer.from([7])), 50);
        res.on('close', () => {
          clearInterval(trickle);
          backendClosedAt = Date.now();
        });
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
        res.write(PNG);
      },
      // A byte every 50 ms never comes near the 10 s idle limit: only the transfer limit ends it.
      10_000,
      { mediaTransferTimeoutMs: transferMs },
    );
    const started = Date.now();
    const shopper = await fetchOverSocket(app, '/media/products/trickle.png');
    await vi.waitFor(
      () => {
        expect(shopper.closedAt).toBeDefined();
        expect(backendClosedAt).toBeDefined();
      },
      { timeout: 5000 },
    );
    expect((shopper.closedAt ?? Infinity) - started).toBeLessThan(transferMs + 2000);
    expect((backendClosedAt ?? Infinity) - started).toBeLessThan(transferMs + 2000);
  });

  it('answers 504 when the image stalls before its first byte, without its headers or caching', async () => {
    const { app } = await relayInFrontOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000', etag: '"v1"' });
      res.flushHeaders();
    }, 300);
    const res = await app.inject({ url: '/media/products/nothing.png' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'upstream_timeout' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('asks for the image unpacked, and refuses one packed anyway rather than pass bytes its headers do not describe', async () => {
    const { app, upstream } = await relayInFrontOf((_req, res) => {
      const packed = gzipSync(PNG);
      res.writeHead(200, {
        'content-type': 'image/png',
        'content-encoding': 'gzip',
        'content-length': String(packed.length),
      });
      res.end(packed);
    });
    const res = await app.inject({ url: '/media/products/packed.png' });
    expect(upstream.requests[0]?.headers['accept-encoding']).toBe('identity');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'upstream_invalid' });
  });

  it("passes a browser's revalidation on and the catalogue's 304 back, with its validators", async () => {
    const { app, upstream } = await relayInFrontOf((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'public, max-age=60' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
      res.end(PNG);
    });
    const res = await app.inject({
      url: '/media/products/mug-1.png',
      headers: { 'if-none-match': '"v1"' },
    });
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.rawPayload.length).toBe(0);
    expect(upstream.requests[0]?.headers['if-none-match']).toBe('"v1"');
  });

  it('follows no redirect for an image', async () => {
    const { app, upstream } = await relayInFrontOf((req, res) => {
      if (req.url === '/media/products/moved.png') {
        res.writeHead(302, { location: '/media/products/elsewhere.png' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
        res.end(PNG);
      }
    });
    const res = await app.inject({ url: '/media/products/moved.png' });
    expect(res.statusCode).toBe(502);
    expect(upstream.requests.map((seen) => seen.url)).toEqual(['/media/products/moved.png']);
  });

  it('lets only image content types through', async () => {
    const { app } = await relayInFrontOf(answerText(200, 'text/html', '<script>alert(1)</script>'));
    const res = await app.inject({ url: '/media/products/evil.png' });
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('<script>');
  });

  // (A literal '/media/../x' is resolved by every HTTP client before it is sent, so the encoded
  // forms are the ones that can arrive.)
  it.each([
    '/media/%2e%2e/secret',
    '/media/..%2f..%2fetc/passwd',
    '/media/a/.env',
    '/media/a//b.png',
    '/media/a%2fb.png',
    // The route's own prefix spelled out: the name after it is no longer where it seems.
    '/%6Dedia/products/mug-1.png',
    '/m%65dia/products/mug-1.png',
  ])('refuses the unsafe media path %s without asking the backend', async (url) => {
    const { app, upstream } = await relayInFrontOf(answerJson(200, {}));
    const res = await app.inject({ url });
    expect([403, 404]).toContain(res.statusCode);
    expect(upstream.requests).toHaveLength(0);
  });

  it('allows only GET and HEAD', async () => {
    const { app, upstream } = await relayInFrontOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
      res.end();
    });
    const head = await app.inject({ method: 'HEAD', url: '/media/p.png' });
    expect(head.statusCode).toBe(200);
    expect(upstream.requests[0]?.method).toBe('HEAD');
    const post = await app.inject({ method: 'POST', url: '/media/p.png' });
    expect(post.statusCode).toBe(404);
    expect(upstream.requests).toHaveLength(1);
  });
});
