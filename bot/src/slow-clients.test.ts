import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildServer, type ServerDeps } from './server';
import { cleanUpAfterEach } from './testing/cleanups';
import { captureLogs } from './testing/log-capture';
import { makeFakeDist } from './testing/temp-dist';
import { startStandInUpstream, type StandIn } from './testing/upstream-stand-ins';

/**
 * Clients that hold a connection without finishing their request: headers or a body that trickle
 * in, or nothing at all. The server, listening on a real port, cuts each off at its limit; a
 * request that did arrive whole may still take as long as its backend does.
 */

const cleanUpLater = cleanUpAfterEach();

/** Short limits, so the tests take a second each; the defaults are in config.ts. */
const LIMITS = { requestMs: 800, headersMs: 400, keepAliveMs: 600 } as const;
/** Room for a loaded machine, on top of a limit. */
const MARGIN_MS = 1500;

async function listeningServer(
  answerAfterMs = 0,
): Promise<{ app: FastifyInstance; port: number; upstream: StandIn }> {
  const upstream = await startStandInUpstream((_request, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: 'sent', resend_after: 60, expires_in: 300, code_length: 5 }),
      );
    }, answerAfterMs);
  });
  cleanUpLater(() => upstream.close());
  const dist = await makeFakeDist();
  const deps: ServerDeps = {
    webappDist: dist.dir,
    upstreams: {
      ecommerceUrl: upstream.url,
      catalogUrl: upstream.url,
      catalogApiKey: 'stand-in-catalog-key-5f1c2a9e',
    },
    upstreamTimeoutMs: 5000,
    clientTimeouts: LIMITS,
    log: { level: 'warn', stream: captureLogs().stream },
  };
  const app = await buildServer(deps);
  cleanUpLater(async () => {
    await app.close();
    await dist.remove();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, upstream };
}

/** A raw connection: what it received, and when the server closed it. */
function rawClient(port: number): {
  socket: Socket;
  received: () => string;
  closedAt: () => number | undefined;
} {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let closedAt: number | undefined;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closedAt = Date.now()));
  cleanUpLater(() => socket.destroy());
  return { socket, received: () => received, closedAt: () => closedAt };
}

/** Writes `text` a byte at a time, every `everyMs`, until the socket closes or the text ends. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text.charAt(sent));
    sent += 1;
  }, everyMs);
  socket.on('close', () => {
    clearInterval(timer);
  });
}

async function closedWithin(client: ReturnType<typeof rawClient>, ms: number, started: number) {
  await vi.waitFor(
    () => {
      expect(client.closedAt()).toBeDefined();
    },
    { timeout: ms + MARGIN_MS },
  );
  return (client.closedAt() ?? Infinity) - started;
}

describe('slow clients', () => {
  it('cuts off a request body that trickles in, before any backend sees it', async () => {
    const { port, upstream } = await listeningServer();
    const body = JSON.stringify({ phone: '+998901234567', padding: 'x'.repeat(200) });
    const client = rawClient(port);
    const started = Date.now();
    client.socket.write(
      'POST /api/auth/send-otp HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    // A byte every 50 ms: the 230-byte body would take over 11 s.
    trickle(client.socket, body, 50);
    const after = await closedWithin(client, LIMITS.requestMs, started);
    expect(after).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
    expect(after).toBeLessThan(LIMITS.requestMs + MARGIN_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // In the shop's error shape, like every other refusal.
    const answer = client.received();
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'request_timeout',
      message: 'The request took too long to arrive',
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it("answers a request it cannot parse with 400 in the shop's error shape", async () => {
    const { port } = await listeningServer();
    const client = rawClient(port);
    client.socket.write('NOT AN HTTP REQUEST\r\n\r\n');
    await closedWithin(client, 0, Date.now());
    const answer = client.received();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'bad_request',
      message: 'The request could not be read',
    });
  });

  it('cuts off headers that trickle in', async () => {
    const { port } = await listeningServer();
    const client = rawClient(port);
    const started = Date.now();
    trickle(client.socket, `GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Slow: ${'y'.repeat(500)}`, 20);
    const after = await closedWithin(client, LIMITS.headersMs, started);
    expect(after).toBeLessThan(LIMITS.headersMs + MARGIN_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends anything', async () => {
    const { port } = await listeningServer();
    const client = rawClient(port);
    const started = Date.now();
    const after = await closedWithin(client, LIMITS.headersMs, started);
    expect(after).toBeLessThan(LIMITS.headersMs + MARGIN_MS);
  });

  it('closes a kept-alive connection once it has been idle for the keep-alive time', async () => {
    const { port } = await listeningServer();
    const client = rawClient(port);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');
    await vi.waitFor(() => {
      expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    });
    const answered = Date.now();
    const after = await closedWithin(client, LIMITS.keepAliveMs, answered);
    expect(after).toBeLessThan(LIMITS.keepAliveMs + MARGIN_MS);
  });

  it('lets a request that arrived whole wait on its backend longer than the request limit', async () => {
    // The limits are about the request arriving, never about how long the answer takes.
    const { port } = await listeningServer(LIMITS.requestMs + 400);
    const body = JSON.stringify({ phone: '+998901234567' });
    const client = rawClient(port);
    client.socket.write(
      'POST /api/auth/send-otp HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await vi.waitFor(
      () => {
        expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
      },
      { timeout: 5000 },
    );
  });
});
