import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Upstreams } from '../config';

/** How long one check may take: a load balancer asks often and must get an answer quickly. */
const READINESS_CHECK_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  upstreams: Upstreams;
  /** The database the server keeps its own state in (the notifier's store), when there is one. */
  database?: { ping(): Promise<void> };
  /** The shared rate-limit counters, when REDIS_URL is set. */
  redis?: Redis | null;
  timeoutMs?: number;
}

type Check = 'ok' | 'unreachable';

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A backend answers HTTP at all: any status below 500 (its /healthz may not exist). */
async function backendAnswers(baseUrl: string, ms: number): Promise<void> {
  const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(ms) });
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`HTTP ${String(response.status)}`);
}

/**
 * `/healthz` says the process is alive (restart it when not); `/readyz` says it can serve: its
 * database, both backends and Redis (when configured) answer. A load balancer sends shoppers only
 * to ready instances, so one whose database or backend is away is left out, not restarted. The
 * answer names each part and whether it answered, never why not (that goes to the log).
 */
export function registerReadiness(app: FastifyInstance, deps: ReadinessDeps): void {
  const ms = deps.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  // Shutting down: not ready from the first moment, so a balancer sends nothing new here while
  // what already came in is finished (the server keeps answering until it has closed).
  let closing = false;
  app.addHook('preClose', () => {
    closing = true;
  });
  app.get('/readyz', async (request, reply) => {
    if (closing) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ code: 'upstream_unavailable', message: 'Shutting down', checks: {} });
    }
    // One backend often serves both (the embedded one always does): asked once, named twice.
    const asked = new Map<string, Promise<void>>();
    const backend = (baseUrl: string) => () => {
      const answer = asked.get(baseUrl) ?? backendAnswers(baseUrl, ms);
      asked.set(baseUrl, answer);
      return answer;
    };
    const checks: Record<string, () => Promise<unknown>> = {
      ecommerce: backend(deps.upstreams.ecommerceUrl),
      catalog: backend(deps.upstreams.catalogUrl),
      ...(deps.database ? { database: () => deps.database?.ping() ?? Promise.resolve() } : {}),
      ...(deps.redis ? { redis: () => deps.redis?.ping() ?? Promise.resolve() } : {}),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]): Promise<[string, Check]> => {
        try {
          await within(check(), ms);
          return [name, 'ok'];
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'Readiness check failed');
          return [name, 'unreachable'];
        }
      }),
    );
    const answer = Object.fromEntries(results);
    const ready = results.every(([, result]) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(
        ready
          ? { status: 'ready', checks: answer }
          : {
              code: 'upstream_unavailable',
              message: 'Not ready: a part the shop needs does not answer',
              checks: answer,
            },
      );
  });
}
