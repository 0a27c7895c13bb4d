// Which relayed call a request turned out to be, kept on the request once it is known, so what
// runs after it (the operator's figures) can name it without matching the path again.
import type { CallId } from '@shop/shared';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The call of CALLS this request asked for, once matched; null: none (yet). */
    shopCall: CallId | null;
  }
}

/** Gives every request the `shopCall` slot, null until the relay or the limits match a call. */
export function decorateRequestCall(app: FastifyInstance): void {
  app.decorateRequest('shopCall', null);
}
