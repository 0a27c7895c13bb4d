// Where and how the server listens: address, public URL, log level, how long a client may take,
// and which proxies may name the client's address.
import {
  DEFAULT_LOG_LEVEL,
  LogLevel,
  Milliseconds,
  Port,
  optional,
  HttpUrl,
  type Env,
} from '@shop/shared/server';
import { z } from 'zod';
import { DEFAULT_PORT, localServerUrl } from './default-port';

/** Fastify's `trustProxy`: how many proxies, or which addresses, may set the client address. */
export type TrustProxy = number | string[];

export interface ClientTimeouts {
  /** The whole request, headers and body, must have arrived within this. */
  requestMs: number;
  /** The headers must have arrived within this (a connection that sends nothing too). */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
}

/**
 * How long a client may take to send a request, and keep an idle connection open. `requestMs`
 * (REQUEST_TIMEOUT_MS) bounds headers and body together: a 64 KiB JSON body needs well under a
 * second even on a slow phone (and a photo upload must already fit in UPSTREAM_TIMEOUT_MS), so
 * 30 s only cuts off a body that trickles in on purpose. `headersMs` (HEADERS_TIMEOUT_MS) bounds
 * the headers, and so a connection that sends nothing at all. `keepAliveMs`
 * (KEEP_ALIVE_TIMEOUT_MS) is Fastify's own default, kept above the 60 s idle time of common load
 * balancers, so the balancer, not the server, closes a connection it may be about to reuse.
 */
export const DEFAULT_CLIENT_TIMEOUTS: ClientTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
};

/**
 * Which proxies may name the client's address in X-Forwarded-For: a hop count (`1`: the one
 * proxy in front), or addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`; also `loopback`,
 * `linklocal`, `uniquelocal`). Never "trust anyone": any client could then pick its own address
 * and walk around every per-address limit.
 */
const TrustProxySetting = z
  .string()
  .regex(
    /^(?:[1-9]|(?:[0-9a-fA-F:.]+(?:\/\d{1,3})?|loopback|linklocal|uniquelocal)(?:\s*,\s*(?:[0-9a-fA-F:.]+(?:\/\d{1,3})?|loopback|linklocal|uniquelocal))*)$/,
    'Must be a hop count (1-9) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal',
  )
  .refine(
    (value) => !value.split(',').some((part) => /\/0+$/.test(part.trim())),
    'A /0 range trusts every address: name the proxies',
  )
  .transform((value): TrustProxy =>
    /^\d$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()),
  );

export const HttpSettings = z.object({
  PORT: optional(Port),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(HttpUrl),
  LOG_LEVEL: optional(LogLevel),
  REQUEST_TIMEOUT_MS: optional(Milliseconds(1000, 600_000)),
  HEADERS_TIMEOUT_MS: optional(Milliseconds(1000, 600_000)),
  KEEP_ALIVE_TIMEOUT_MS: optional(Milliseconds(1000, 600_000)),
  TRUST_PROXY: optional(TrustProxySetting),
});

export interface HttpConfig {
  port: number;
  host: string;
  /** The address shoppers reach (canonical links, previews, the sitemap). */
  publicUrl: string;
  logLevel: string;
  /** How long a client may take to send a request, and keep an idle connection. */
  clientTimeouts: ClientTimeouts;
  /** Which proxies may name the client's address; undefined: the socket's address is the client. */
  trustProxy: TrustProxy | undefined;
}

/**
 * Node refuses headers allowed longer than the whole request they are part of. Checked on the
 * raw values, so it is reported with any other problem; a value bad in itself is reported as
 * such, not here too.
 */
export function httpProblems(env: Env): string[] {
  const request = HttpSettings.shape.REQUEST_TIMEOUT_MS.safeParse(env.REQUEST_TIMEOUT_MS);
  const headers = HttpSettings.shape.HEADERS_TIMEOUT_MS.safeParse(env.HEADERS_TIMEOUT_MS);
  if (!request.success || !headers.success) return [];
  const requestMs = request.data ?? DEFAULT_CLIENT_TIMEOUTS.requestMs;
  const headersMs = headers.data ?? DEFAULT_CLIENT_TIMEOUTS.headersMs;
  return headersMs > requestMs
    ? [`HEADERS_TIMEOUT_MS: Must not be longer than REQUEST_TIMEOUT_MS (${String(requestMs)})`]
    : [];
}

export function httpConfig(e: z.infer<typeof HttpSettings>): HttpConfig {
  const port = e.PORT ?? DEFAULT_PORT;
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    publicUrl: e.PUBLIC_URL ?? localServerUrl(port),
    logLevel: e.LOG_LEVEL ?? DEFAULT_LOG_LEVEL,
    clientTimeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS ?? DEFAULT_CLIENT_TIMEOUTS.requestMs,
      headersMs: e.HEADERS_TIMEOUT_MS ?? DEFAULT_CLIENT_TIMEOUTS.headersMs,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_CLIENT_TIMEOUTS.keepAliveMs,
    },
    trustProxy: e.TRUST_PROXY,
  };
}
