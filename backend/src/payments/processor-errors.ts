// How a processor failure reads to the shopper. One place, so the card calls and the pay call
// word the same failure the same way.
import { ShopError } from '@shop/shared/server';
import { ProcessorError } from './card-processor';

export const PROCESSOR_DOWN_MESSAGE =
  'The card service is not answering right now. Nothing was charged; please try again in a minute.';

/** The shopper's error for a failed card call (adding, texting or confirming a card). */
export function cardCallError(error: unknown): ShopError {
  if (!(error instanceof ProcessorError)) throw error;
  switch (error.failure) {
    case 'card_invalid':
    case 'declined':
      return new ShopError(
        'card_invalid',
        'This card cannot be added. Check the number and the expiry date, or use another card.',
      );
    case 'sms_unavailable':
      return new ShopError(
        'card_sms_unavailable',
        'This card has no SMS service, so it cannot be confirmed. Turn on SMS at your bank or use another card.',
      );
    case 'code_invalid':
      return new ShopError('card_code_invalid', 'The code is not right.');
    case 'code_expired':
      return new ShopError('card_code_expired', 'The code has expired. Ask for a new one.');
    case 'code_attempts_exceeded':
      return new ShopError(
        'card_code_attempts_exceeded',
        'Too many wrong codes for this card. Add the card again to get a new code.',
      );
    case 'unavailable':
    case 'outcome_unknown':
      return new ShopError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
  }
}
