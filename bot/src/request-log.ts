import { redactDigitRuns } from '@shop/shared';
import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it has been answered: its id (also sent to the backends as
 * `x-request-id`, so their lines about it match), method, path with long digit runs blotted out,
 * status, time taken and client address. Health and readiness checks, asked every few seconds by
 * a load balancer, and scrapes of the figures are logged only at debug level.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const line = {
      method: request.method,
      url: redactDigitRuns(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (path === '/healthz' || path === '/readyz' || path === '/metrics') {
      request.log.debug(line, 'request');
    } else if (reply.statusCode >= 500) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
  });
}
