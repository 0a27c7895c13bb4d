// What becomes of a charge attempt once it is in flight: paid (the order is paid with it),
// declined or failed (nothing charged), or unknown while its pay call went unanswered, until
// receipts.check tells. Every move is a conditional UPDATE from an in-flight state, so an attempt
// is settled once however many requests and sweeps look at it (attempt-moves.ts); here, asking
// the processor what became of an unanswered one.
import type { FastifyBaseLogger } from 'fastify';
import { createAttemptMoves, type AttemptMovesDeps, type AttemptRow } from './attempt-moves';
import { ProcessorError, type CardProcessor, type ReceiptOutcome } from './card-processor';

export type { AttemptRow } from './attempt-moves';

export interface AttemptOutcomesDeps extends AttemptMovesDeps {
  processor: CardProcessor;
}

/** How a processor call failed, for the log (never the card's details). */
export function failureOf(error: unknown): string {
  return error instanceof ProcessorError ? error.failure : 'error';
}

/** Cancels a receipt nobody paid, so it can never be paid late; failures are only logged. */
async function cancelQuietly(
  processor: CardProcessor,
  log: FastifyBaseLogger,
  receiptId: string,
  attemptId: number,
): Promise<boolean> {
  try {
    await processor.cancelReceipt(receiptId);
    return true;
  } catch (error) {
    log.warn({ attemptId, failure: failureOf(error) }, 'could not cancel an unpaid receipt');
    return false;
  }
}

export function createAttemptOutcomes(deps: AttemptOutcomesDeps) {
  const { processor, log } = deps;
  const moves = createAttemptMoves(deps);
  const { finish, markUnknown, markPaid } = moves;

  /**
   * Finds out what became of an attempt whose pay call got no answer: paid (the order is paid),
   * not paid (the receipt is cancelled and the attempt failed), or still pending (left 'unknown'
   * for the next look).
   */
  async function settle(attempt: AttemptRow): Promise<ReceiptOutcome> {
    if (attempt.receiptId === null) {
      // The receipt was never made, so nothing can have been paid.
      await finish(attempt.id, 'failed', null);
      return 'not_paid';
    }
    let status;
    try {
      status = await processor.checkReceipt(attempt.receiptId);
    } catch (error) {
      log.warn({ attemptId: attempt.id, failure: failureOf(error) }, 'could not check a receipt');
      await markUnknown(attempt.id);
      return 'pending';
    }
    if (status.outcome === 'paid') {
      await markPaid(attempt, status.paymentId);
      return 'paid';
    }
    if (status.outcome === 'not_paid') {
      if (
        status.cancellable &&
        !(await cancelQuietly(processor, log, attempt.receiptId, attempt.id))
      ) {
        await markUnknown(attempt.id);
        return 'pending';
      }
      await finish(attempt.id, 'failed', null);
      log.info({ orderId: attempt.orderId, attemptId: attempt.id }, 'unanswered charge not paid');
      return 'not_paid';
    }
    await markUnknown(attempt.id);
    return 'pending';
  }

  return {
    ...moves,
    cancelQuietly: (receiptId: string, attemptId: number) =>
      cancelQuietly(processor, log, receiptId, attemptId),
    settle,
  };
}

export type AttemptOutcomes = ReturnType<typeof createAttemptOutcomes>;
