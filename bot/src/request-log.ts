import { redactDigitRuns } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { routedPathname } from './web/webapp';

/**
 * One log line per request, when it has been answered: its id (also sent to the backends as
 * `x-request-id`, so their lines about it match), method, path with long digit runs blotted out,
 * status, time taken and client address. An answered request is logged at debug level (a page
 * load makes dozens, which would bury the lines an operator needs, the [sms] codes among them);
 * a refused one (4xx) at info and a failed one (5xx) at warn. Health and readiness checks and
 * scrapes of the figures are logged only at debug level whatever their answer.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // Every spelling the router takes for these paths is the same check or scrape.
    const path = routedPathname(request.url);
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
    else if (reply.statusCode >= 400) request.log.info(line, 'request');
    else request.log.debug(line, 'request');
  });
}
