// What a Click error code means for the call it answered, in the shop's terms. A refusal of the
// request itself (Auth, a malformed field, another merchant's service) was refused before anything
// was done; a system error on a charge may have charged; any code this file does not know reads
// as a card that cannot be added or a declined charge, never as a success.
import type { DeclineReason, ProcessorFailure } from '../../card-processor';
import { CLICK_ERRORS, type ClickEndpoint } from './merchant-protocol';

function isRequestRefusal(code: number): boolean {
  return (
    code === CLICK_ERRORS.signCheckFailed ||
    code === CLICK_ERRORS.badRequest ||
    code === CLICK_ERRORS.serviceNotFound
  );
}

function cardFailure(code: number): ProcessorFailure {
  if (code === CLICK_ERRORS.system) return 'unavailable';
  if (code === CLICK_ERRORS.smsNotConnected) return 'sms_unavailable';
  return 'card_invalid';
}

function codeFailure(code: number): ProcessorFailure {
  switch (code) {
    case CLICK_ERRORS.system:
      return 'unavailable';
    case CLICK_ERRORS.codeWrong:
      return 'code_invalid';
    case CLICK_ERRORS.codeExpired:
      return 'code_expired';
    case CLICK_ERRORS.codeAttemptsExceeded:
      return 'code_attempts_exceeded';
    default:
      return 'card_invalid';
  }
}

/** What a Click error code means for `endpoint`. */
export function clickFailureOf(endpoint: ClickEndpoint, code: number): ProcessorFailure {
  if (isRequestRefusal(code)) return 'unavailable';
  switch (endpoint) {
    case 'card_token/request':
      return cardFailure(code);
    case 'card_token/verify':
      return codeFailure(code);
    case 'card_token/payment':
      // Only a status look-up can say what became of a charge Click failed on, or of one whose
      // transaction_parameter it has seen before.
      if (code === CLICK_ERRORS.system || code === CLICK_ERRORS.duplicateTransaction) {
        return 'outcome_unknown';
      }
      return 'declined';
    default:
      return 'unavailable';
  }
}

/** Why Click declined a charge, by its code; a code it does not name is 'other'. */
export function clickDeclineReasonOf(code: number): DeclineReason {
  switch (code) {
    case CLICK_ERRORS.insufficientFunds:
      return 'insufficient_funds';
    case CLICK_ERRORS.cardBlocked:
      return 'card_blocked';
    case CLICK_ERRORS.cardExpired:
    case CLICK_ERRORS.cardExpiryWrong:
      return 'card_expired';
    default:
      return 'other';
  }
}
