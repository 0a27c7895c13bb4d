// Errors as they go into a log line (pino's `err`). Database errors carry what the query was run
// with: postgres.js `parameters` and `args`, PGlite and drizzle `params` (which drizzle also
// writes into its message), and a `detail` that may quote a row's values. A cart line's name or a
// courier's address is a shopper's text, and a card number typed into one must not reach the
// log, so only the error's kind, its SQL text and codes are kept, with long digit runs blotted.
import { redactDigitRuns } from '../src/redact';

/** Fields of an error worth logging that never hold a value a query was run with. */
const KEPT_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
  'statusCode',
  'errno',
  'syscall',
] as const;

/** How many causes deep a chain is followed: enough for drizzle → driver → socket. */
const MAX_CAUSES = 4;

/** drizzle's "Failed query: <sql>\nparams: <values>": the values go. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');
}

function clean(text: string): string {
  return redactDigitRuns(withoutParams(text));
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * An error for the log without the values its query was run with (or anything not named in
 * KEPT_FIELDS); anything thrown that is not an Error is logged by its type only.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  }
  const logged: LoggedError = {
    type: error.constructor.name,
    message: clean(error.message),
    stack: clean(error.stack ?? ''),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of KEPT_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string') logged[field] = redactDigitRuns(value);
    else if (typeof value === 'number') logged[field] = value;
  }
  // The SQL text has placeholders ($1), never the values themselves.
  if (typeof fields.query === 'string') logged.query = redactDigitRuns(fields.query);
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = serializeError(error.cause, depth + 1);
  }
  return logged;
}
