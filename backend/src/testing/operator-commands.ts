// Test support for the operator's commands and the ways an order gets paid outside the card
// form: Payme's app (its Merchant API), Click's app (its SHOP API) and Telegram's sheet (the
// bot's operator call), each through the real routes.
import {
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  operatorStatusPath,
  toTiyin,
  type Order,
  type TelegramSuccessfulPaymentRequest,
} from '@shop/shared';
import type { CommandIo } from '../operator/operator-client';
import { CLICK_TEST_SERVICE, clickTransaction, payWithClick } from './click';
import { call, type Answer } from './http-client';
import { merchantCall, paymeId, tiyinOf } from './payme-merchant';
import { listeningOrigin, type TestBackend } from './test-backend';

/** Makes the backend listen on a free loopback port; answers the env a command finds it by. */
export async function listenForCommands(t: TestBackend): Promise<Record<string, string>> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { BACKEND_URL: listeningOrigin(t.app), OPERATOR_SECRET: t.operatorSecret };
}

export interface CommandRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs a command as the shell would, keeping what it printed. */
export async function runCommand(
  command: (args: readonly string[], io: CommandIo) => Promise<number>,
  args: readonly string[],
  env: Record<string, string>,
): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

/** Pays `order` in Payme's app (Create, then Perform); answers the transaction id. */
export async function payWithPaymeApp(t: TestBackend, order: Order): Promise<string> {
  const id = paymeId();
  const created = await merchantCall(t, 'CreateTransaction', {
    id,
    time: t.clock.now().getTime(),
    amount: tiyinOf(order),
    account: { order_id: order.number },
  });
  if (created.result?.state !== 1) throw new Error(`CreateTransaction: ${created.text}`);
  const performed = await merchantCall(t, 'PerformTransaction', { id });
  if (performed.result?.state !== 2) throw new Error(`PerformTransaction: ${performed.text}`);
  return id;
}

/** Pays `order` in Click's app (Prepare, then Complete); answers Click's paydoc id. */
export async function payWithClickApp(t: TestBackend, order: Order): Promise<string> {
  const fields = clickTransaction(t, order);
  const { completed } = await payWithClick(t, fields);
  if (completed.error !== 0) throw new Error(`Click Complete: ${JSON.stringify(completed)}`);
  return fields.clickPaydocId;
}

export { CLICK_TEST_SERVICE };

let telegramCharges = 0;

/** Pays `order` through Telegram's sheet; answers the provider's charge id. */
export async function payWithTelegram(t: TestBackend, order: Order): Promise<string> {
  telegramCharges += 1;
  const request: TelegramSuccessfulPaymentRequest = {
    number: order.number,
    currency: 'UZS',
    total_amount: toTiyin(order.total),
    telegram_payment_charge_id: `tg-${process.pid}-${telegramCharges}`,
    provider_payment_charge_id: `pp-${process.pid}-${telegramCharges}`,
  };
  const answer = await call(t, 'POST', OPERATOR_PATHS.telegramSuccessful, {
    body: request,
    headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
  });
  if (answer.status !== 200) throw new Error(`Telegram successful: ${answer.text}`);
  return request.provider_payment_charge_id;
}

/** Cancels `number` as staff would. */
export async function cancelOrder(t: TestBackend, number: string): Promise<Answer> {
  const answer = await call(t, 'POST', operatorStatusPath(number), {
    body: { status: 'cancelled' },
    headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
  });
  if (answer.status !== 200) throw new Error(`cancel answered ${answer.status}: ${answer.text}`);
  return answer;
}
