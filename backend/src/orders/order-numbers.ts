// Order numbers ('UY-001001') come from the order_number_seq sequence. A database can come back
// with that sequence ahead of its orders: PostgreSQL logs a sequence 32 values ahead, and a PGlite
// after a crash, or a copy of a running one (a backup), comes back at the logged value. So the
// embedded backend sets the sequence from the orders it holds each time it opens its PGlite, and
// the next order gets the number after the last.

/** Runs one SQL statement, answering its rows. */
export type RunSql = (statement: string) => Promise<readonly Record<string, unknown>[]>;

const HAS_ORDER_NUMBERS_SQL = `select to_regclass('public.order_number_seq') is not null
  and to_regclass('public.orders') is not null as present`;

/** The last order's number, or the sequence's start when there is no order. */
const CONTINUE_ORDER_NUMBERS_SQL = `select setval('public.order_number_seq',
    coalesce(last.number, seq.start_value), last.number is not null)
  from (select max(substring(number from 4)::bigint) as number
      from public.orders where number ~ '^UY-[0-9]+$') as last,
    pg_sequences as seq
  where seq.schemaname = 'public' and seq.sequencename = 'order_number_seq'`;

/** Sets order_number_seq from the orders a database holds; one without orders' tables is left. */
export async function continueOrderNumbers(run: RunSql): Promise<void> {
  const [found] = await run(HAS_ORDER_NUMBERS_SQL);
  if (found?.present === true) await run(CONTINUE_ORDER_NUMBERS_SQL);
}
