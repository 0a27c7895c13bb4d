// Calls to the backends: how many, by backend, call and outcome, and how long they took; and
// refusals for asking too often, whether a server limit or a backend's code refused them.
import type { CallId } from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { UpstreamAnswer, UpstreamObserver } from '../relay/upstream-client';
import type { LimitName } from '../web/rate-limits';
import type { CallFigures } from './call-figures';
import { labelCache } from './label-cache';
import { SECONDS_BUCKETS } from './request-figures';

/** The server limits by the names the figures give them. */
const LIMIT_LABELS: Readonly<Record<LimitName, string>> = {
  signInCodesPerClient: 'sign_in_codes_per_client',
  signInCodesOverall: 'sign_in_codes_overall',
  codeChecksPerClient: 'code_checks_per_client',
  ordersPerAccount: 'orders_per_account',
  requestsPerClient: 'requests_per_client',
};

/** A backend call's outcome label. */
function backendOutcome(result: UpstreamAnswer | ShopError, cancelled: boolean): string {
  if (!(result instanceof ShopError)) {
    if (result.kind === 'ok') return 'ok';
    return result.status >= 500 ? 'error' : 'refused';
  }
  if (cancelled) return 'cancelled';
  if (result.code === 'upstream_timeout') return 'timeout';
  if (result.code === 'upstream_invalid') return 'invalid';
  return 'unavailable';
}

function backendCounters(registry: Registry) {
  return {
    calls: new Counter({
      name: 'shop_backend_requests_total',
      help:
        'Backend calls by backend, call and outcome: ok, refused (a 4xx answer), error (a 5xx ' +
        'answer passed on), timeout, unavailable, invalid (broke the contract), cancelled.',
      labelNames: ['backend', 'call', 'outcome'],
      registers: [registry],
    }),
    seconds: new Histogram({
      name: 'shop_backend_request_duration_seconds',
      help: 'Time a backend call took, answer read and checked, by backend and call.',
      labelNames: ['backend', 'call'],
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'shop_rate_limit_refusals_total',
      help:
        "Requests refused for asking too often: by the server's limit, or by the backend's code " +
        '(otp_resend_too_soon, otp_daily_limit...).',
      labelNames: ['limit'],
      registers: [registry],
    }),
  };
}

export interface BackendFigures {
  observeBackendCall: UpstreamObserver;
  observeRateLimited: (limit: LimitName, call: CallId | null) => void;
}

/** The backend figures; each call's answer also feeds what shoppers got done (`calls`). */
export function createBackendFigures(registry: Registry, calls: CallFigures): BackendFigures {
  const counters = backendCounters(registry);
  const backendLabels = labelCache((backend: string, call: string, outcome: string) => ({
    backend,
    call,
    outcome,
  }));
  const backendTimeLabels = labelCache((backend: string, call: string, _unused: '') => ({
    backend,
    call,
  }));
  return {
    observeBackendCall: (out, result, seconds, cancelled) => {
      const outcome = backendOutcome(result, cancelled);
      const { backend } = out.call;
      counters.calls.inc(backendLabels(backend, out.id, outcome));
      counters.seconds.observe(backendTimeLabels(backend, out.id, ''), seconds);
      if (result instanceof ShopError) {
        calls.refused(out.id, result.code);
      } else if (result.kind === 'error') {
        if (result.status === 429) counters.rateLimited.inc({ limit: result.error.code });
        calls.refused(out.id, result.error.code);
      } else if (!result.replayed) {
        calls.succeeded(out.id, result.data);
      }
    },
    observeRateLimited: (limit, call) => {
      counters.rateLimited.inc({ limit: LIMIT_LABELS[limit] });
      if (call !== null) calls.refused(call, 'rate_limited');
    },
  };
}
