// A saved card's charge under way and Payme's checkout for the same order: Payme is refused while
// the charge may still take the money, so the order is never paid twice.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts } from '../../db/schema';
import { IN_FLIGHT } from '../in-flight';
import { signIn } from '../../testing/http-client';
import { addCard, payOrder, placeCardOrder, STALL_CARD } from '../../testing/payments';
import { merchantCall, orderRow, paymeId, tiyinOf } from '../../testing/payme-merchant';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  type TestBackend,
} from '../../testing/test-backend';

/** Resolves once `check` holds, looking every 20 ms. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(PROTOCOL_DATABASE_KINDS)('Payme checkout during a card charge on %s', (kind) => {
  let t: TestBackend;

  beforeAll(async () => {
    // The stalling card's charge answers after the adapter gives up, which settles it as paid.
    t = await createTestBackend({ kind, processorTimeoutMs: 4000, sandboxStallMs: 8000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses Check and Create with −31055 while the charge is in flight', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, STALL_CARD);
    const order = await placeCardOrder(t, token);
    const { id: orderId } = await orderRow(t, order.number);
    const paying = payOrder(t, token, order.number, card.id);
    await waitFor('the charge to be under way', async () => {
      const attempts = await t.db
        .select({ state: paymentAttempts.state })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId));
      return attempts.some((attempt) => IN_FLIGHT.includes(attempt.state));
    });

    const account = { order_id: order.number };
    const amount = tiyinOf(order);
    const check = await merchantCall(t, 'CheckPerformTransaction', { amount, account });
    expect(check.error).toMatchObject({ code: -31055, data: 'order_id' });
    const time = t.clock.now().getTime();
    const create = await merchantCall(t, 'CreateTransaction', {
      id: paymeId(),
      time,
      amount,
      account,
    });
    expect(create.error?.code).toBe(-31055);

    expect((await paying).status).toBe(200);
    expect((await orderRow(t, order.number)).paidProvider).toBe('payme_card');
    const after = await merchantCall(t, 'CheckPerformTransaction', { amount, account });
    expect(after.error?.code).toBe(-31052);
  });
});
