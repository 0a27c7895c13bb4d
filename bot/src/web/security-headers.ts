import type { FastifyInstance } from 'fastify';

/** Telegram's web clients show the Mini App in an iframe; nobody else may frame it. */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // telegram-ui and the SDK's CSS variable binding set inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
  // No X-Frame-Options: it cannot list several origins, and DENY/SAMEORIGIN would blank the app
  // inside web.telegram.org. frame-ancestors is the one that counts in every current browser.
  `frame-ancestors 'self' ${TELEGRAM_WEB_ORIGINS.join(' ')}`,
].join('; ');

/**
 * Proxied media are served from our origin, so an SVG opened directly would run its scripts as
 * us. This policy lets images render and nothing else.
 */
export const MEDIA_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}
