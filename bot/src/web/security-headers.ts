import type { FastifyInstance } from 'fastify';

/** Telegram's web clients show the Mini App in an iframe; nobody else may frame it. */
const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

/**
 * What the Yandex Maps JS API 2.1 loads (its guide "Connecting the API when using CSP",
 * yandex.ru/dev/jsapi-v2-1/doc/ru/v2-1/dg/concepts/load#using-csp): the loader and its modules,
 * tiles and JSONP data from *.maps.yandex.net, geosuggest, static files on yastatic.net, and an
 * iframe from api-maps.yandex.ru. Listed per directive rather than `*.yandex.ru` everywhere, so
 * scripts stay limited to the hosts the map needs. The API compiles its layout templates at run
 * time, hence 'unsafe-eval', and adds stylesheets from blob: URLs.
 */
const YANDEX_MAPS_SOURCES = {
  script: [
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://yandex.ru',
    'https://yastatic.net',
    "'unsafe-eval'",
  ],
  style: ['blob:'],
  img: ['https://*.maps.yandex.net', 'https://api-maps.yandex.ru', 'https://yandex.ru'],
  connect: [
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://yandex.ru',
  ],
  frame: ['https://api-maps.yandex.ru'],
} as const;

export interface PolicyOptions {
  /** CSP sources (`'sha256-…'`) of the inline scripts the server itself writes into pages. */
  inlineScripts?: readonly string[];
  /** The page may show a Yandex map (only when the server has a Maps API key). */
  yandexMaps?: boolean;
}

export function contentSecurityPolicy(opts: PolicyOptions = {}): string {
  const maps = opts.yandexMaps === true;
  const list = (...sources: readonly string[]) => sources.join(' ');
  const frame = maps ? [`frame-src 'self' ${list(...YANDEX_MAPS_SOURCES.frame)}`] : [];
  return [
    "default-src 'self'",
    list(
      'script-src',
      "'self'",
      ...(opts.inlineScripts ?? []),
      ...(maps ? YANDEX_MAPS_SOURCES.script : []),
    ),
    // telegram-ui and the SDK's CSS variable binding set inline styles.
    list('style-src', "'self'", "'unsafe-inline'", ...(maps ? YANDEX_MAPS_SOURCES.style : [])),
    list('img-src', "'self'", 'data:', 'blob:', ...(maps ? YANDEX_MAPS_SOURCES.img : [])),
    "font-src 'self' data:",
    list('connect-src', "'self'", ...(maps ? YANDEX_MAPS_SOURCES.connect : [])),
    ...frame,
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    // No X-Frame-Options: it cannot list several origins, and DENY/SAMEORIGIN would blank the app
    // inside web.telegram.org. frame-ancestors is the one that counts in every current browser.
    `frame-ancestors 'self' ${TELEGRAM_WEB_ORIGINS.join(' ')}`,
  ].join('; ');
}

/** The policy of a server without inline scripts or maps. */
const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Proxied media are served from our origin, so an SVG opened directly would run its scripts as
 * us. This policy lets images render and nothing else.
 */
export const MEDIA_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** A year, subdomains included: the shop is https everywhere once it is https at all. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The powerful features a page may use: the location, for the courier's pin at checkout, and only
 * from our own pages (a map's frame never asks); nothing else of the camera, microphone or the
 * Payment Request API, which the shop does not use (cards go through its own form).
 */
const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=()';

export function installSecurityHeaders(
  app: FastifyInstance,
  policy: string = CONTENT_SECURITY_POLICY,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // Over https only (directly, or as a trusted proxy says with X-Forwarded-Proto): browsers
    // ignore it on http, and a local http run must stay reachable.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', policy);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // A page opened standalone shares its window with no other site's; popups it opens (a
      // bank's page, a map) still work. Not on embedding: Telegram's web clients frame the app.
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    } else {
      // Scripts, styles, pictures and answers are ours to load, nobody else's to embed. Pages
      // keep none: Telegram's web clients load them into their frame.
      reply.header('cross-origin-resource-policy', 'same-origin');
    }
    return payload;
  });
}
