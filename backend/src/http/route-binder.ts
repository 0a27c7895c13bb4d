import type { CallDef } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall, type CallHandler, type CallRouteOptions } from './call-route';

/** `route(CALLS.x, handler)`: registerCall with the app and options already bound. */
export type Route = <C extends CallDef>(call: C, handler: CallHandler<C>) => void;

export function bindRoute(app: FastifyInstance, options: CallRouteOptions): Route {
  return (call, handler) => {
    registerCall(app, call, options, handler);
  };
}
