// `pnpm order:status <number> <status>`: asks the running backend to move an order, through the
// operator call (embedded PGlite is one process: the command cannot open the database itself).
// It finds the backend in DATA_DIR (the URL the backend wrote at its start and the operator
// secret), or in BACKEND_URL and OPERATOR_SECRET for a backend running elsewhere.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  OPERATOR_SECRET_HEADER,
  ORDER_STATUSES,
  operatorStatusPath,
  readOperatorStatusAnswer,
  type OperatorStatusRequest,
  type OrderStatus,
} from '@shop/shared';
import { BACKEND_URL_FILE, DEFAULT_DATA_DIR, OPERATOR_SECRET_FILE } from '../api-key';

const USAGE = `Usage: pnpm order:status <order number> <status>
  status: one of ${ORDER_STATUSES.join(', ')}
  The shop must be running (pnpm start). For a backend elsewhere set BACKEND_URL and OPERATOR_SECRET.`;

/** How a move made by this command is named to staff (on their order cards). */
export const COMMAND_ACTOR = 'pnpm order:status';

export interface CommandIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** How long to wait for the backend (10 s by default). */
  timeoutMs?: number;
}

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

async function readTrimmed(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}

type Target = { url: string; secret: string } | { problem: string };

async function findBackend(env: CommandIo['env']): Promise<Target> {
  const url = env.BACKEND_URL?.trim();
  const secret = env.OPERATOR_SECRET?.trim();
  if (url) {
    if (!secret) return { problem: 'BACKEND_URL is set but OPERATOR_SECRET is not: set both.' };
    return { url, secret };
  }
  const dataDir = resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const written = await readTrimmed(join(dataDir, BACKEND_URL_FILE));
  if (written === null) {
    return {
      problem: `The shop does not seem to be running: ${join(dataDir, BACKEND_URL_FILE)} is missing. Start it with \`pnpm start\` (same DATA_DIR), or set BACKEND_URL and OPERATOR_SECRET.`,
    };
  }
  const fileSecret = secret || (await readTrimmed(join(dataDir, OPERATOR_SECRET_FILE)));
  if (fileSecret === null) {
    return {
      problem: `No operator secret: ${join(dataDir, OPERATOR_SECRET_FILE)} is missing (it is made at the shop's start), and OPERATOR_SECRET is not set.`,
    };
  }
  return { url: written, secret: fileSecret };
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
  const target = await findBackend(io.env);
  if ('problem' in target) {
    io.err(target.problem);
    return 1;
  }
  const base = target.url.replace(/\/+$/, '');
  let response: Response;
  try {
    const request: OperatorStatusRequest = { status, actor: COMMAND_ACTOR };
    response = await fetch(`${base}${operatorStatusPath(number)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: target.secret },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(io.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'it did not answer'
        : 'nothing answered';
    io.err(`Could not reach the shop at ${base} (${why}). Is it running?`);
    return 1;
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status === 401) {
    io.err(`The shop at ${base} refused the operator secret. Check OPERATOR_SECRET or DATA_DIR.`);
    return 1;
  }
  const outcome = readOperatorStatusAnswer(response.status, body);
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
        response.ok
          ? `The shop at ${base} answered ${response.status} in a form this command cannot read; check order ${number} there.`
          : `The shop at ${base} answered ${response.status}; nothing was changed.`,
      );
      return 1;
  }
}
