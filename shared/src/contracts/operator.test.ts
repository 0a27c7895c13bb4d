import { describe, expect, it } from 'vitest';
import {
  OPERATOR_PATHS,
  OperatorStatusRequestSchema,
  operatorStatusPath,
  readOperatorStatusAnswer,
} from './operator';

describe('the operator contract', () => {
  it('fills the order number into the status path, percent-encoded', () => {
    expect(operatorStatusPath('UY-000123')).toBe('/operator/orders/UY-000123/status');
    expect(operatorStatusPath('a/b?c')).toBe('/operator/orders/a%2Fb%3Fc/status');
    expect(OPERATOR_PATHS.orderStatus).toBe('/operator/orders/:number/status');
  });

  it('trims the actor and refuses an empty one or an unknown key', () => {
    expect(OperatorStatusRequestSchema.parse({ status: 'confirmed', actor: ' Ali ' })).toEqual({
      status: 'confirmed',
      actor: 'Ali',
    });
    expect(OperatorStatusRequestSchema.safeParse({ status: 'new', actor: '  ' }).success).toBe(
      false,
    );
    expect(OperatorStatusRequestSchema.safeParse({ status: 'new', note: 'x' }).success).toBe(false);
  });

  it('reads a status answer by its HTTP status and error code, never its message', () => {
    const current = { status: 'confirmed', at: '2025-01-02T03:04:05.000Z', by: 'Ali' };
    const conflict = { code: 'conflict', message: 'Already confirmed', current };
    expect(readOperatorStatusAnswer(409, conflict)).toEqual({
      kind: 'moved_meanwhile',
      answer: conflict,
    });
    const notFound = { code: 'not_found', message: 'Anything at all' };
    expect(readOperatorStatusAnswer(404, notFound)).toEqual({
      kind: 'no_such_order',
      error: notFound,
    });
    const refused = { code: 'conflict', message: 'Not from completed' };
    expect(readOperatorStatusAnswer(409, refused)).toEqual({ kind: 'refused', error: refused });
    expect(readOperatorStatusAnswer(200, { from: 'new' })).toEqual({ kind: 'unreadable' });
    expect(readOperatorStatusAnswer(502, '<html>')).toEqual({ kind: 'unreadable' });
  });
});
