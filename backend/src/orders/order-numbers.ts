// Order numbers ('UY-001001') come from the order_number_seq sequence. A copy of a database can
// carry that sequence ahead of its orders: PostgreSQL logs a sequence 32 values ahead, and a copy
// of a running PGlite comes back as after a crash, at the logged value. So a restored database
// sets the sequence from the orders it holds, and the next order gets the number after the last.

/** Sets order_number_seq to the last order's number (its start with no orders); none: nothing. */
export const CONTINUE_ORDER_NUMBERS_SQL = `
do $$
declare
  last_number bigint;
begin
  if to_regclass('public.order_number_seq') is null or to_regclass('public.orders') is null then
    return;
  end if;
  select max(substring(number from 4)::bigint) into last_number
    from public.orders where number ~ '^UY-[0-9]+$';
  if last_number is null then
    perform setval('public.order_number_seq', seq.start_value, false)
      from pg_sequences seq
      where seq.schemaname = 'public' and seq.sequencename = 'order_number_seq';
  else
    perform setval('public.order_number_seq', last_number, true);
  end if;
end
$$`;
