// The relay's overhead: an uncached product read through one server, through a bare
// pass-through, and sent to the backend directly, in rounds.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'autocannon';
import { stopProcess } from '../../tests/support/cluster-process';
import { CATALOG } from '../browsing';
import { REPO_ROOT } from '../settings';
import { run } from './browse';
import { SECONDS } from './settings';

/**
 * The floor the relay is measured against: Fastify and undici forwarding the read with nothing
 * checked, nothing added, no hooks. What it loses against the backend called directly is the cost
 * of a second hop on this machine; what the relay loses beyond it is the cost of its own work.
 */
const PASS_THROUGH = `
import Fastify from 'fastify';
import { Agent, request } from 'undici';
const backend = process.env.BACKEND_URL;
const headers = { 'x-api-key': process.env.CATALOG_API_KEY };
const dispatcher = new Agent({ keepAliveTimeout: 4000 });
const app = Fastify();
app.get('/*', async (req, reply) => {
  const answer = await request(backend + req.url, {
    headers: { ...headers, 'x-lang': req.headers['x-lang'] ?? '' },
    dispatcher,
  });
  reply.code(answer.statusCode).type('application/json; charset=utf-8');
  return JSON.stringify(JSON.parse(await answer.body.text()));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\\n');
`;

async function startPassThrough(
  port: number,
  backendUrl: string,
  key: string,
): Promise<{ stop(): Promise<void> }> {
  // In bot/, whose dependencies Fastify and undici are.
  const child = spawn(process.execPath, ['--input-type=module', '-e', PASS_THROUGH], {
    cwd: join(REPO_ROOT, 'bot'),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BACKEND_URL: backendUrl,
      CATALOG_API_KEY: key,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout.once('data', () => {
      ready();
    });
    child.once('exit', (code) => {
      failed(new Error(`the pass-through exited with ${String(code)}`));
    });
  });
  return { stop: () => stopProcess(child, 'SIGTERM') };
}

export interface Overhead {
  relayRps: number;
  passThroughRps: number;
  backendRps: number;
  /** Relay and pass-through throughput as shares of the backend's. */
  share: number;
  passThroughShare: number;
}

/**
 * The uncached product read through the cluster's one server (3701), through the bare
 * pass-through, and sent to the backend (3710) directly, in rounds. Each ratio is taken per round
 * and its median reported: on a shared two-core machine one long run of each can land in a slow
 * and a fast minute.
 */
export async function measureOverhead(): Promise<Overhead> {
  const key = (
    await readFile(join(REPO_ROOT, '.tmp', 'bench-load-3700', 'backend', 'catalog-api-key'), 'utf8')
  ).trim();
  const read: Request[] = [
    { method: 'GET', path: `${CATALOG}/product/porcelain-mug`, headers: { 'x-lang': 'ru' } },
  ];
  const passThrough = await startPassThrough(3720, 'http://127.0.0.1:3710', key);
  try {
    const seconds = Math.max(5, Math.round(SECONDS / 9));
    await run('http://127.0.0.1:3701', read, 3);
    await run('http://127.0.0.1:3720', read, 3);
    const rounds: { relay: number; passThrough: number; backend: number }[] = [];
    for (let round = 0; round < 3; round += 1) {
      const relay = await run('http://127.0.0.1:3701', read, seconds);
      const bare = await run('http://127.0.0.1:3720', read, seconds);
      const backend = await run('http://127.0.0.1:3710', read, seconds, { 'x-api-key': key });
      rounds.push({
        relay: relay.requests.average,
        passThrough: bare.requests.average,
        backend: backend.requests.average,
      });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    const share = (values: number[]) => Math.round(median(values) * 100) / 100;
    return {
      relayRps: Math.round(median(rounds.map((round) => round.relay))),
      passThroughRps: Math.round(median(rounds.map((round) => round.passThrough))),
      backendRps: Math.round(median(rounds.map((round) => round.backend))),
      share: share(rounds.map((round) => round.relay / round.backend)),
      passThroughShare: share(rounds.map((round) => round.passThrough / round.backend)),
    };
  } finally {
    await passThrough.stop();
  }
}
