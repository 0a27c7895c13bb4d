import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/contracts/common';
import { errorBody, notFound, ShopError } from './shop-error';

describe('ShopError', () => {
  it("takes its status from the code's entry in the shared table", () => {
    expect(new ShopError('order_refused', 'No').status).toBe(ERROR_STATUS.order_refused);
    expect(new ShopError('rate_limited', 'Wait').status).toBe(429);
    expect(notFound()).toMatchObject({ code: 'not_found', status: 404, message: 'Not found' });
  });

  it('puts code and message on the wire, and only the options it was given', () => {
    expect(errorBody(new ShopError('conflict', 'Changed meanwhile'))).toStrictEqual({
      code: 'conflict',
      message: 'Changed meanwhile',
    });
    const details = [{ field: 'phone', message: 'Not a phone number' }];
    expect(
      errorBody(
        new ShopError('card_code_invalid', 'Wrong code', {
          details,
          retryAfter: 30,
          attemptsLeft: 2,
        }),
      ),
    ).toStrictEqual({
      code: 'card_code_invalid',
      message: 'Wrong code',
      details,
      retry_after: 30,
      attempts_left: 2,
    });
  });
});
