// Who may call the Merchant API and what a broken request gets: every answer is HTTP 200 with a
// JSON-RPC error, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/http-client';
import { placeCardOrder } from '../../testing/payments';
import {
  merchantCall,
  orderRow,
  paymeId,
  paymeRow,
  tiyinOf,
  type RpcReply,
} from '../../testing/payme-merchant';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../testing/test-backend';
import { MERCHANT_METHODS } from './merchant-protocol';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe.each(PROTOCOL_DATABASE_KINDS)('Payme Merchant API envelope on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  function expectError(reply: RpcReply, code: number): void {
    expect(reply.status).toBe(200);
    expect(reply.result).toBeUndefined();
    expect(reply.error?.code).toBe(code);
  }

  it('refuses every method without Payme credentials and changes nothing', async () => {
    const order = await placeCardOrder(t, token);
    const account = { order_id: order.number };
    const amount = tiyinOf(order);
    const live = paymeId();
    const created = await merchantCall(t, 'CreateTransaction', {
      id: live,
      time: t.clock.now().getTime(),
      amount,
      account,
    });
    expect(created.result?.state).toBe(1);
    const rowBefore = await paymeRow(t, live);
    const orderBefore = await orderRow(t, order.number);

    const another = paymeId();
    const params: Record<(typeof MERCHANT_METHODS)[number], unknown> = {
      CheckPerformTransaction: { amount, account },
      CreateTransaction: { id: another, time: t.clock.now().getTime(), amount, account },
      PerformTransaction: { id: live },
      CancelTransaction: { id: live, reason: 3 },
      CheckTransaction: { id: live },
      GetStatement: { from: 0, to: t.clock.now().getTime() + 1 },
    };
    const wrong = [
      null,
      basic(`Paycom:${t.sandbox.key}x`),
      basic(`Admin:${t.sandbox.key}`),
      basic(`paycom:${t.sandbox.key}`),
      basic('Paycom'),
      basic(`Paycom:${t.sandbox.key}`).replace('Basic', 'Bearer'),
      'Basic ###',
      'Basic',
      '',
    ];
    for (const method of MERCHANT_METHODS) {
      for (const authorization of wrong) {
        const reply = await merchantCall(t, method, params[method], { authorization });
        expectError(reply, -32504);
        expect(typeof reply.id).toBe('number');
      }
    }
    expect(await paymeRow(t, live)).toEqual(rowBefore);
    expect(await paymeRow(t, another)).toBeUndefined();
    expect(await orderRow(t, order.number)).toEqual(orderBefore);
  });

  it('answers a body that is not JSON with a parse error', async () => {
    expectError(await merchantCall(t, 'x', null, { rawBody: '{"id": 1,' }), -32700);
    expectError(await merchantCall(t, 'x', null, { rawBody: '' }), -32700);
    // JSON but for one byte that is not UTF-8, inside a string.
    const notUtf8 = Buffer.concat([
      Buffer.from('{"id":1,"method":"CheckTransaction","params":{"id":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    expectError(await merchantCall(t, 'x', null, { rawBody: notUtf8 }), -32700);
    const unauthorised = await merchantCall(t, 'x', null, { rawBody: '{', authorization: null });
    expectError(unauthorised, -32700);
    expect(unauthorised.id).toBeNull();
  });

  it('refuses a broken envelope, an unknown method and bad params', async () => {
    const raw = (body: unknown) => merchantCall(t, 'x', null, { rawBody: JSON.stringify(body) });
    expectError(await raw([]), -32600);
    expectError(await raw({ id: 7, params: {} }), -32600);
    expectError(await raw({ id: 7, method: 5, params: {} }), -32600);
    expectError(await raw({ id: 7, method: 'CheckTransaction' }), -32600);
    const unknown = await merchantCall(t, 'ChangePassword', { password: 'x' });
    expectError(unknown, -32601);
    expect(typeof unknown.id).toBe('number');
    expectError(await merchantCall(t, 'CreateTransaction', { amount: 100 }), -32600);
    expectError(await merchantCall(t, 'CheckTransaction', { id: 42 }), -32600);
    expectError(await merchantCall(t, 'GetStatement', { from: 'yesterday', to: 1 }), -32600);
    expectError(await merchantCall(t, 'CheckPerformTransaction', { amount: 1 }), -32600);
  });

  it('echoes the request id and reads JSON whatever the content type says, or none', async () => {
    const body = JSON.stringify({ id: 'req-9', method: 'CheckTransaction', params: { id: 'x' } });
    for (const contentType of [
      'application/json',
      'application/json; charset=UTF-8',
      'text/plain',
      null,
    ]) {
      const reply = await merchantCall(t, 'x', null, { rawBody: body, contentType });
      expectError(reply, -31003);
      expect(reply.id).toBe('req-9');
    }
  });

  it('refuses a body past the limit in JSON-RPC too', async () => {
    const big = JSON.stringify({
      id: 1,
      method: 'CheckTransaction',
      params: { id: 'x'.repeat(20_000) },
    });
    const reply = await merchantCall(t, 'x', null, { rawBody: big });
    expectError(reply, -32600);
    expect(reply.text.length).toBeLessThan(500);
  });

  it('answers localized messages for every error', async () => {
    const reply = await merchantCall(t, 'CheckTransaction', { id: paymeId() });
    expectError(reply, -31003);
    expect(reply.error?.message).toEqual({
      uz: expect.any(String),
      ru: expect.any(String),
      en: 'Transaction not found',
    });
  });
});
