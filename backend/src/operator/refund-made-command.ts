// `pnpm order:refunded <order number>`: staff gave an order's money back by hand in the provider's
// office; the running backend records it (operator-client.ts finds the backend).
import { readRefundMadeAnswer, refundMadePath, type RefundMadeRequest } from '@shop/shared';
import { callOperator, type CommandIo } from './operator-client';
import { formatSum } from './payments-report-format';

const USAGE = `Usage: pnpm order:refunded <order number>
  Records that staff gave the order's money back in the provider's office (Telegram, Payme).
  The shop must be running (pnpm start). For a backend elsewhere set BACKEND_URL and OPERATOR_SECRET.`;

/** How a refund recorded by this command is named in the shop's log. */
export const REFUNDED_COMMAND_ACTOR = 'pnpm order:refunded';

/** Runs the command; answers the exit code (0 recorded, 1 refused or failed, 2 bad usage). */
export async function runRefundMadeCommand(
  args: readonly string[],
  io: CommandIo,
): Promise<number> {
  const [number, ...extra] = args.map((arg) => arg.trim());
  if (!number || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  const request: RefundMadeRequest = { actor: REFUNDED_COMMAND_ACTOR };
  const reply = await callOperator(io, refundMadePath(number), { method: 'POST', body: request });
  if (reply === null) return 1;
  const outcome = readRefundMadeAnswer(reply.status, reply.body);
  switch (outcome.kind) {
    case 'recorded': {
      const { data, refund, recorded } = outcome.answer;
      const amount = `${formatSum(refund.amount_tiyin)} sum`;
      io.out(
        recorded
          ? `Order ${data.number}: refund of ${amount} recorded.`
          : `Order ${data.number}: refund of ${amount} was already recorded.`,
      );
      return 0;
    }
    case 'no_such_order':
      io.err(`There is no order ${number}.`);
      return 1;
    case 'refused':
      io.err(`Not recorded: ${outcome.error.message}`);
      return 1;
    case 'unreadable':
      io.err(
        reply.ok
          ? `The shop at ${reply.base} answered ${reply.status} in a form this command cannot read; check order ${number} there.`
          : `The shop at ${reply.base} answered ${reply.status}; nothing was recorded.`,
      );
      return 1;
  }
}
