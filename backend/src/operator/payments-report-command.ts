// `pnpm payments:report [--from <date>] [--to <date>]`: what each provider took and gave back in a
// window, for matching its statement, asked of the running backend (operator-client.ts finds it).
import { OPERATOR_PATHS, PaymentsReportAnswerSchema } from '@shop/shared';
import { callOperator, type CommandIo } from './operator-client';
import { renderPaymentsReport } from './payments-report-format';

const USAGE = `Usage: pnpm payments:report [--from <date>] [--to <date>]
  <date>: a Tashkent day (YYYY-MM-DD; --to includes that whole day) or a time
  (YYYY-MM-DDTHH:MM[:SS], Tashkent time unless it ends in Z or an offset such as +05:00).
  By default: the current Tashkent month so far.
  The shop must be running (pnpm start). For a backend elsewhere set BACKEND_URL and OPERATOR_SECRET.`;

export interface ReportIo extends CommandIo {
  /** The current time, for the default window. */
  now?: () => Date;
}

const TASHKENT_OFFSET_MS = 5 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Midnight in Tashkent starting day `text`, or null when it is no calendar day. */
function tashkentDayStart(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return new Date(utc.getTime() - TASHKENT_OFFSET_MS);
}

/** The instant an argument names: a day's start (or, for `--to`, the next day's), or a time. */
function instantOf(text: string, edge: 'from' | 'to'): Date | null {
  const dayStart = tashkentDayStart(text);
  if (dayStart) return edge === 'to' ? new Date(dayStart.getTime() + DAY_MS) : dayStart;
  const match = TIME.exec(text);
  if (!match) return null;
  if (tashkentDayStart(text.slice(0, 10)) === null) return null;
  const ms = Date.parse(match[1] === undefined ? `${text}+05:00` : text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The first instant of the Tashkent month holding `instant`. */
function tashkentMonthStart(instant: Date): Date {
  const local = new Date(instant.getTime() + TASHKENT_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return new Date(start - TASHKENT_OFFSET_MS);
}

type Window = { from: Date; to: Date } | { problem: string };

function readOptions(args: readonly string[]): Map<string, string> | string {
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const [name, inline] = arg.includes('=') ? arg.split('=', 2) : [arg, undefined];
    if (name !== '--from' && name !== '--to') return `Unknown argument "${arg}".`;
    if (options.has(name)) return `${name} is given twice.`;
    const value = inline ?? args[(index += 1)];
    if (value === undefined || value.trim() === '') return `${name} needs a date.`;
    options.set(name, value.trim());
  }
  return options;
}

/** The window the arguments name: `from` inclusive, `to` exclusive. */
export function reportWindow(args: readonly string[], now: Date): Window {
  const options = readOptions(args);
  if (typeof options === 'string') return { problem: options };
  const toText = options.get('--to');
  const fromText = options.get('--from');
  const to = toText === undefined ? now : instantOf(toText, 'to');
  if (to === null) return { problem: `--to "${toText}" is not a date or a time.` };
  const from =
    fromText === undefined
      ? tashkentMonthStart(new Date(to.getTime() - 1))
      : instantOf(fromText, 'from');
  if (from === null) return { problem: `--from "${fromText}" is not a date or a time.` };
  if (from.getTime() >= to.getTime())
    return { problem: 'The window is empty: --from must come before --to.' };
  return { from, to };
}

/** Runs the command; answers the exit code (0 printed, 1 failed, 2 bad usage). */
export async function runPaymentsReportCommand(
  args: readonly string[],
  io: ReportIo,
): Promise<number> {
  const window = reportWindow(args, io.now?.() ?? new Date());
  if ('problem' in window) {
    io.err(`${window.problem}\n${USAGE}`);
    return 2;
  }
  const query = new URLSearchParams({
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  });
  const reply = await callOperator(io, `${OPERATOR_PATHS.paymentsReport}?${query.toString()}`, {
    method: 'GET',
  });
  if (reply === null) return 1;
  const report = PaymentsReportAnswerSchema.safeParse(reply.body);
  if (reply.status !== 200 || !report.success) {
    io.err(
      `The shop at ${reply.base} answered ${reply.status} in a form this command cannot read.`,
    );
    return 1;
  }
  for (const line of renderPaymentsReport(report.data)) io.out(line);
  return 0;
}
