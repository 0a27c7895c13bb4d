import { describe, expect, it } from 'vitest';
import { serializeError } from './log-errors';

const CARD = '8600069195406311';

describe('errors for the log', () => {
  it("drops the values a query ran with, in the driver's fields and drizzle's message", () => {
    const driver = Object.assign(new Error('violates check constraint "carts_refused"'), {
      code: '23514',
      constraint_name: 'carts_refused',
      query: 'insert into "carts" values ($1, $2)',
      parameters: [1, `Krujka ${CARD}`],
      args: [1, `Krujka ${CARD}`],
      detail: `Failing row contains (1, Krujka ${CARD})`,
    });
    const wrapped = new Error(
      `Failed query: insert into "carts" values ($1, $2)\nparams: 1,Krujka ${CARD}`,
      {
        cause: driver,
      },
    );
    const logged = serializeError(wrapped);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(CARD);
    expect(text).not.toContain('Krujka');
    expect(logged.message).toBe(
      'Failed query: insert into "carts" values ($1, $2)\nparams: [not logged]',
    );
    expect(logged.cause).toMatchObject({ code: '23514', constraint_name: 'carts_refused' });
  });

  it('blots long digit runs anywhere in what it keeps, and logs a thrown non-Error by its type', () => {
    expect(
      serializeError(new Error(`invalid input syntax for type integer: "${CARD}"`)).message,
    ).toBe('invalid input syntax for type integer: "[digits]"');
    expect(serializeError(CARD)).toEqual({
      type: 'string',
      message: 'A value that is not an Error was thrown',
      stack: '',
    });
  });
});
