// Where the figures are counted and shown: every answered request is counted by its route
// pattern; `/metrics` is served on a listener of its own (METRICS_PORT, loopback by default) or,
// for a bearer token only, on the shoppers' port (METRICS_TOKEN). To anyone else the shoppers'
// port answers `/metrics` exactly as it answers any unknown path.
import { createHash, timingSafeEqual } from 'node:crypto';
import { CALLS } from '@shop/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type onResponseHookHandler,
} from 'fastify';
import type { ShopMetrics } from './shop-metrics';

/** The route label of a request no route took (pages, unknown paths): the app's fallback. */
const FALLBACK_ROUTE = '*';

export const METRICS_PATH = '/metrics';

async function sendFigures(metrics: ShopMetrics, reply: FastifyReply): Promise<FastifyReply> {
  const { contentType, body } = await metrics.scrape();
  return reply.header('cache-control', 'no-store').type(contentType).send(body);
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` with this token, compared in constant time. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  if (header === undefined || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7)), expected);
}

/**
 * Counts every answered request by its route pattern (a relayed call by its path in the
 * contract), method and status, and, with a token, serves `/metrics` to its holder.
 */
export function installMetrics(
  app: FastifyInstance,
  options: { metrics: ShopMetrics; token: string | null },
): void {
  const { metrics, token } = options;
  const observeAs =
    (route: string): onResponseHookHandler =>
    (request, reply, done) => {
      const call = request.shopCall;
      const label = call === null ? route : CALLS[call].path;
      metrics.observeRequest(label, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  // Each route counts its own requests under its pattern, known when it is declared: reading the
  // route per request (request.routeOptions) would build an object every time.
  app.addHook('onRoute', (route) => {
    const own = observeAs(route.url);
    const hooks = route.onResponse;
    route.onResponse =
      hooks === undefined ? [own] : [...(Array.isArray(hooks) ? hooks : [hooks]), own];
  });
  const fallback = observeAs(FALLBACK_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      fallback.call(app, request, reply, done);
      return;
    }
    done();
  });
  if (token === null) return;
  const expected = digest(token);
  app.get(METRICS_PATH, async (request, reply) => {
    // Without the token it is the same not-found page as any unknown path: nothing tells a
    // shopper the figures are here.
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.callNotFound();
      return reply;
    }
    return sendFigures(metrics, reply);
  });
}

/** The figures on a listener of their own: `/metrics` and nothing else. Listening when resolved. */
export async function startMetricsListener(options: {
  metrics: ShopMetrics;
  host: string;
  port: number;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get(METRICS_PATH, (_request, reply) => sendFigures(options.metrics, reply));
  await app.listen({ host: options.host, port: options.port });
  return app;
}
