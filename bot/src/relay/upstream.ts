import { ShopError } from '@shop/shared/server';

export type BackendLabel = 'ecommerce' | 'catalog';

const BACKEND_NAMES: Readonly<Record<BackendLabel, string>> = {
  ecommerce: 'shop service',
  catalog: 'catalogue service',
};

/**
 * One upstream attempt's cancellation: a deadline plus the browser going away. The deadline can be
 * lifted once headers arrive (media streams may take longer than the deadline to drain to a slow
 * phone), or kept until the body is read (JSON calls).
 */
export interface Deadline {
  readonly signal: AbortSignal;
  timedOut(): boolean;
  clientGone(): boolean;
  /** Stops the deadline; the client-abort link stays. */
  clear(): void;
}

/**
 * The one deadline of an incoming request. Every backend call made for it (the customer check,
 * the call itself, the notifier's look-up after an order) must be done by `at`, so the shopper
 * waits at most the configured time however many calls the answer takes.
 */
export interface RequestDeadline {
  /** Date.now() time by which the request's backend calls must have answered, bodies included. */
  readonly at: number;
  /** Aborted when nobody waits for the answer any more (the browser went away). */
  readonly cancel: AbortSignal;
}

/** When Fastify received the request's headers, as Date.now() time: where its deadline starts. */
export function arrivalTime(reply: { readonly elapsedTime: number }): number {
  return Date.now() - Math.max(0, reply.elapsedTime);
}

/** One attempt against a request's deadline: whatever time the request has left, or none. */
export function startDeadlineAt(deadline: RequestDeadline): Deadline {
  return startDeadline(deadline.at - Date.now(), deadline.cancel);
}

export function startDeadline(ms: number, clientClosed: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    controller.abort(new DOMException('Upstream deadline passed', 'TimeoutError'));
  };
  // A request whose time is already up does not open a connection to find that out.
  const timer = ms > 0 ? setTimeout(expire, ms) : undefined;
  if (timer === undefined) expire();
  const onClientClose = () => {
    clearTimeout(timer);
    controller.abort(new DOMException('Client went away', 'AbortError'));
  };
  if (clientClosed.aborted) onClientClose();
  else clientClosed.addEventListener('abort', onClientClose, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clientGone: () => clientClosed.aborted,
    clear: () => {
      clearTimeout(timer);
    },
  };
}

/** An AbortSignal that fires when the browser disconnects before the reply is complete. */
export function clientCloseSignal(raw: {
  once(event: 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}): AbortSignal {
  const controller = new AbortController();
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Maps a failed fetch (or body read) to the error the browser sees. */
export function upstreamFailure(backend: BackendLabel, deadline: Deadline): ShopError {
  const name = BACKEND_NAMES[backend];
  if (deadline.timedOut()) {
    return new ShopError(
      'upstream_timeout',
      `The ${name} did not answer in time. Please try again.`,
    );
  }
  return new ShopError(
    'upstream_unavailable',
    `The ${name} is not reachable right now. Please try again.`,
  );
}

export function upstreamBadStatus(backend: BackendLabel): ShopError {
  return new ShopError(
    'upstream_unavailable',
    `The ${BACKEND_NAMES[backend]} could not handle the request right now. Please try again.`,
  );
}

export function upstreamInvalid(backend: BackendLabel): ShopError {
  return new ShopError(
    'upstream_invalid',
    `The ${BACKEND_NAMES[backend]} answered in an unexpected format.`,
  );
}

/** The short network reason for the log: ECONNREFUSED, UND_ERR_SOCKET, TimeoutError. */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  // undici's request puts the code on the error; fetch wraps it as the cause of a TypeError.
  const own = errorCode(error);
  if (own !== null) return own;
  const cause: unknown = error.cause;
  if (cause instanceof Error) return errorCode(cause) ?? cause.name;
  return error.name;
}

function errorCode(error: Error): string | null {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}
