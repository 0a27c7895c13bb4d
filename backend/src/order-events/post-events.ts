// Posting one batch of order events to the receiver, signed with the shared secret, within a
// time limit, and abortable by the deliverer's stop.
import { signOrderEvents } from '@shop/shared/server';
import type { OrderEvent, OrderEventsDelivery } from '@shop/shared';

export interface PostSettings {
  /** The receiver's endpoint. */
  url: string;
  /** ORDER_EVENTS_SECRET, shared with the receiver. */
  secret: string;
  /** How long one POST may take before it counts as failed. */
  timeoutMs: number;
  now: () => Date;
}

/** Posts one batch; answers null on a 2xx, else why it failed ('stopped' once `stopping`). */
export async function postEvents(
  settings: PostSettings,
  events: readonly OrderEvent[],
  stopping: AbortSignal,
): Promise<string | null> {
  const delivery: OrderEventsDelivery = { events: [...events] };
  const body = JSON.stringify(delivery);
  // One controller per post, aborted by its own timer or by stop(). (AbortSignal.any over
  // AbortSignal.timeout is not used: Node may collect the timeout signal, and the post hangs.)
  const controller = new AbortController();
  const post = { timedOut: false };
  const timer = setTimeout(() => {
    post.timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  const onStop = () => {
    controller.abort();
  };
  stopping.addEventListener('abort', onStop, { once: true });
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signOrderEvents(settings.secret, body, settings.now().getTime()),
      },
      body,
      signal: controller.signal,
    });
    // The answer's body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (post.timedOut) return 'timeout';
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    if (post.timedOut) return 'timeout';
    if (stopping.aborted) return 'stopped';
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener('abort', onStop);
  }
}
