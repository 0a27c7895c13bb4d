// "Order placed" from the relay: the shopper's own create-order (or pay) answer is the earliest
// word of an order, so the server records the event itself, under the id the backend's event
// uses too (orderEventId), which makes them one event whichever arrives first.
import { CALLS, OrderResponseSchema, UserSchema } from '@shop/shared';
import { pick } from 'zod/mini';
import type { OrderAnswer } from '../relay/relay';
import type { UpstreamClient } from '../relay/upstream-client';
import type { Notifier } from './notifier';

const UserIdSchema = pick(UserSchema, { id: true });

export function recordPlacedOrders(
  client: UpstreamClient,
  notifier: Notifier,
): (answer: OrderAnswer) => Promise<void> {
  return async ({ data, headers, deadline, log }) => {
    try {
      const order = OrderResponseSchema.safeParse(data);
      if (!order.success) return;
      // The order answer does not name its account: ask the backend whose token this is.
      const who = await client.send(
        {
          id: 'authUser',
          call: CALLS.authUser,
          target: CALLS.authUser.path,
          // The same caller, without the order's body type: this is a GET.
          headers: Object.fromEntries(
            Object.entries(headers).filter(([name]) => name !== 'content-type'),
          ),
        },
        // The shopper's answer waits for this, so it shares the order request's deadline; the
        // shopper leaving does not cancel it, as the order is placed either way.
        { at: deadline.at, cancel: new AbortController().signal },
        log,
      );
      if (who.kind !== 'ok') return;
      const user = UserIdSchema.safeParse(who.data);
      if (!user.success) return;
      await notifier.recordPlaced(order.data.data, user.data.id);
    } catch (error) {
      // The backend's own event for this order still arrives; the shopper's answer goes on.
      log.error({ err: error }, 'Could not record the placed order for the bot');
    }
  };
}
