// The relay's connections to a backend whose answer it gives up on: too slow (it trickles, or
// stalls after its headers) or too large. Each such call closes its connection at once and opens
// no other; counted on the stand-in backend's side, well inside the 4 s an idle connection is
// kept. Before, every one was followed by a fresh connection that carried nothing.
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { buildServer } from '../server';
import { cleanUpAfterEach } from '../testing/cleanups';
import { makeFakeDist } from '../testing/temp-dist';
import { listenLocally } from '../testing/upstream-stand-ins';

const cleanUpLater = cleanUpAfterEach();
const CALLS = 20;
const LIMIT = 1024;

interface CountingBackend {
  url: string;
  /** Connections open now, as the backend sees them. */
  open(): number;
  /** Connections ever accepted. */
  accepted(): number;
}

async function countingBackend(
  respond: (url: string, res: ServerResponse) => void,
): Promise<CountingBackend> {
  const open = new Set<Socket>();
  let accepted = 0;
  const server = createServer((req, res) => {
    respond(req.url ?? '', res);
  });
  server.on('connection', (socket) => {
    accepted += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  const { url, close } = await listenLocally(server);
  cleanUpLater(close);
  return { url, open: () => open.size, accepted: () => accepted };
}

/** Each way of answering `/api/store/stores` that the relay gives up on, and its status. */
const GIVEN_UP: [string, number, (res: ServerResponse) => void][] = [
  [
    'trickles',
    504,
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      const drip = setInterval(() => {
        if (res.destroyed) clearInterval(drip);
        else res.write(' ');
      }, 50);
    },
  ],
  [
    'stalls after its headers',
    504,
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
    },
  ],
  [
    'declares a length past the limit',
    502,
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.flushHeaders();
    },
  ],
  [
    'sends more than the limit, then stalls',
    502,
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"data":[]${' '.repeat(4 * LIMIT)}`);
    },
  ],
];

describe('connections of answers the relay gives up on', () => {
  it.each(GIVEN_UP)('closes each when the backend %s', async (_how, status, giveUp) => {
    const backend = await countingBackend((_url, res) => {
      giveUp(res);
    });
    const dist = await makeFakeDist();
    const app = await buildServer({
      webappDist: dist.dir,
      upstreams: { ecommerceUrl: backend.url, catalogUrl: backend.url, catalogApiKey: 'k' },
      upstreamTimeoutMs: 1_000,
      upstreamMaxAnswerBytes: LIMIT,
      log: { level: 'fatal' },
    });
    cleanUpLater(async () => {
      await app.close();
      await dist.remove();
    });
    const answers = await Promise.all(
      Array.from({ length: CALLS }, () => app.inject({ url: '/api/store/stores' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(CALLS).fill(status));
    await vi.waitFor(
      () => {
        expect(backend.open(), 'connections still open').toBe(0);
      },
      { timeout: 2_000, interval: 50 },
    );
    expect(backend.accepted(), 'connections opened').toBe(CALLS);
  });
});
