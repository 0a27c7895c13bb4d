// `pnpm order:status <number> <status>`: asks the running backend to move an order, through the
// operator call (operator-client.ts finds the backend).
import {
  ORDER_STATUSES,
  operatorStatusPath,
  readOperatorStatusAnswer,
  type OperatorStatusRequest,
  type OrderStatus,
} from '@shop/shared';
import { callOperator, type CommandIo } from './operator-client';

export type { CommandIo } from './operator-client';

const USAGE = `Usage: pnpm order:status <order number> <status>
  status: one of ${ORDER_STATUSES.join(', ')}
  The shop must be running (pnpm start). For a backend elsewhere set BACKEND_URL and OPERATOR_SECRET.`;

/** How a move made by this command is named to staff (on their order cards). */
export const COMMAND_ACTOR = 'pnpm order:status';

const STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  new: 'new',
  confirmed: 'confirmed',
  assembling: 'being assembled',
  ready_for_pickup: 'ready for pickup',
  delivering: 'out for delivery',
  completed: 'completed',
  cancelled: 'cancelled',
};

function isStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Runs the command; answers the exit code (0 moved, 1 refused or failed, 2 bad usage). */
export async function runOrderStatusCommand(
  args: readonly string[],
  io: CommandIo,
): Promise<number> {
  const [number, status, ...extra] = args.map((arg) => arg.trim());
  if (!number || !status || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  if (!isStatus(status)) {
    io.err(`"${status}" is not an order status. Use one of: ${ORDER_STATUSES.join(', ')}.`);
    return 2;
  }
  const request: OperatorStatusRequest = { status, actor: COMMAND_ACTOR };
  const reply = await callOperator(io, operatorStatusPath(number), {
    method: 'POST',
    body: request,
  });
  if (reply === null) return 1;
  const { base } = reply;
  const outcome = readOperatorStatusAnswer(reply.status, reply.body);
  switch (outcome.kind) {
    case 'moved': {
      const { from, data } = outcome.answer;
      io.out(`Order ${data.number}: ${STATUS_WORDS[from]} → ${STATUS_WORDS[data.status]}.`);
      return 0;
    }
    case 'no_such_order':
      io.err(`There is no order ${number}.`);
      return 1;
    case 'moved_meanwhile':
      io.err(`Not changed: ${outcome.answer.message}`);
      return 1;
    case 'refused':
      io.err(`Not changed: ${outcome.error.message}`);
      return 1;
    case 'unreadable':
      // A 200 may have moved the order: say so rather than "nothing was changed".
      io.err(
        reply.ok
          ? `The shop at ${base} answered ${reply.status} in a form this command cannot read; check order ${number} there.`
          : `The shop at ${base} answered ${reply.status}; nothing was changed.`,
      );
      return 1;
  }
}
