// The web side's parts, as main.ts and server.ts put them together: the Redis the rate limits
// share, health and readiness, and the pages themselves (the sitemap, the webapp and its heads).
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config, Upstreams } from '../config';
import type { PublicReads } from '../relay/public-reads';
import type { UpstreamClient } from '../relay/upstream-client';
import { PAGE_META_TIMEOUT_MS, createPageMeta } from './page-meta/page-meta';
import { registerReadiness } from './readiness';
import { registerSitemap } from './sitemap';
import { registerWebapp } from './webapp';

/**
 * Rate-limit counters every instance shares. A short connect timeout and one retry per command:
 * with Redis away, a request waits a moment, not a minute, and is let through.
 */
export function rateLimitRedis(config: Config): Redis | null {
  return config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
}

/** /healthz (the process answers) and /readyz (what it needs answers too). */
export function registerHealth(
  app: FastifyInstance,
  parts: {
    upstreams: Upstreams;
    database: { ping(): Promise<void> } | undefined;
    redis: Redis | null;
  },
): void {
  const startedAt = Date.now();
  app.get('/healthz', () => ({
    status: 'ok',
    uptime_s: Math.floor((Date.now() - startedAt) / 1000),
  }));
  registerReadiness(app, {
    upstreams: parts.upstreams,
    ...(parts.database ? { database: parts.database } : {}),
    redis: parts.redis,
  });
}

/** The sitemap and the webapp's pages, each with the head its data gives it. */
export async function registerPages(
  app: FastifyInstance,
  parts: {
    webappDist: string;
    publicUrl: string;
    client: UpstreamClient;
    reads: PublicReads;
    now: () => number;
    pageMetaTimeoutMs: number | undefined;
    /** The inline scripts every page carries, as HTML. */
    inlineScripts: readonly string[];
  },
): Promise<void> {
  const { publicUrl } = parts;
  registerSitemap(app, { client: parts.client, publicUrl, now: parts.now });
  await registerWebapp(app, {
    webappDist: parts.webappDist,
    log: app.log,
    publicUrl,
    pageMeta: createPageMeta({
      reads: parts.reads,
      publicUrl,
      timeoutMs: parts.pageMetaTimeoutMs ?? PAGE_META_TIMEOUT_MS,
    }),
    inlineScripts: parts.inlineScripts,
  });
}
