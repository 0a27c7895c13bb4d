// Requests the server answered: how many, by route pattern, method and status, and how long they
// took.
import { Counter, Histogram, type Registry } from 'prom-client';
import { labelCache } from './label-cache';

/** Request times: a page or a cached read takes milliseconds, a card charge up to half a minute. */
export const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createRequestFigures(registry: Registry) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern (a relayed call by its path), method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const requestLabels = labelCache((route: string, method: string, status: number) => ({
    route,
    method,
    status: String(status),
  }));
  const timeLabels = labelCache((route: string, method: string, _unused: '') => ({
    route,
    method,
  }));
  return (route: string, method: string, status: number, seconds: number): void => {
    requests.inc(requestLabels(route, method, status));
    requestSeconds.observe(timeLabels(route, method, ''), seconds);
  };
}
