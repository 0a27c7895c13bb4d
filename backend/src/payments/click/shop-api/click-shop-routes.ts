// The shop's Prepare and Complete URLs of Click's SHOP API. Click posts form fields and reads
// JSON; every answer is HTTP 200 with Click's error code in `error`, whatever went wrong (a body
// we cannot read is Click's −8, a failure of ours −7, which Click takes as "not paid"). The form
// parser is registered for these two routes only; the rest of the app takes JSON alone.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { requestBodyText } from '@shop/shared/server';
import type { Db } from '../../../db/client';
import {
  CLICK_ERROR,
  CLICK_ERROR_NOTES,
  type ClickCompleteAnswer,
  type ClickError,
  type ClickOutcome,
  type ClickPrepareAnswer,
  type ClickStep,
} from '../click-protocol';
import { echoOf, readCallback, type ClickEcho } from './click-callback';
import { completeClickPayment } from './click-complete';
import { prepareClickPayment } from './click-prepare';

export const CLICK_SHOP_PATHS = {
  prepare: '/payments/click/prepare',
  complete: '/payments/click/complete',
} as const;

/** Click's calls carry a dozen short fields. */
const FORM_BODY_LIMIT = 8 * 1024;
const DEFAULT_PAYING_GRACE_MS = 15 * 60_000;

export interface ClickShopDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Our service at Click, and its secret key (signs every call). */
  serviceId: string;
  secretKey: string;
  /** Events were committed to the outbox (a payment received). */
  onOrderEvents?: () => void;
  /** How long at least an order stays held once Click prepares its payment (15 minutes). */
  payingGraceMs?: number;
}

function formOf(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

function answerOf(
  step: ClickStep,
  echo: ClickEcho,
  error: ClickError,
  id: number | null,
): ClickPrepareAnswer | ClickCompleteAnswer {
  const common = { click_trans_id: echo.clickTransId, merchant_trans_id: echo.merchantTransId };
  const tail = { error, error_note: CLICK_ERROR_NOTES[error] };
  return step === 'prepare'
    ? { ...common, merchant_prepare_id: id, ...tail }
    : { ...common, merchant_confirm_id: id, ...tail };
}

function createHandler(deps: ClickShopDeps, step: ClickStep) {
  const payingGraceMs = deps.payingGraceMs ?? DEFAULT_PAYING_GRACE_MS;
  return async (form: URLSearchParams): Promise<ClickPrepareAnswer | ClickCompleteAnswer> => {
    const echo = echoOf(form);
    const read = readCallback(form, step);
    if (!read.ok) return answerOf(step, echo, CLICK_ERROR.badRequest, null);
    const { callback } = read;
    let outcome: ClickOutcome;
    try {
      outcome =
        step === 'prepare'
          ? await prepareClickPayment({ ...deps, payingGraceMs }, callback)
          : await completeClickPayment(deps, callback);
    } catch (error) {
      // Rolled back: nothing was taken, and Click hears "not paid".
      deps.log.error(
        { err: error, click: step, order: callback.merchantTransId },
        'click call failed',
      );
      return answerOf(step, echo, CLICK_ERROR.updateFailed, null);
    }
    deps.log.info(
      {
        click: step,
        clickTransId: callback.clickTransId,
        order: callback.merchantTransId,
        clickError: callback.error,
        answer: outcome.error,
      },
      'click call answered',
    );
    if (outcome.error !== CLICK_ERROR.ok) return answerOf(step, echo, outcome.error, null);
    if (step === 'complete') deps.onOrderEvents?.();
    return answerOf(step, echo, outcome.error, outcome.id);
  };
}

/** The status of a framework refusal (body too large, another content type), else 500. */
function statusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500;
  const status = 'statusCode' in error ? error.statusCode : 'status' in error ? error.status : 500;
  return typeof status === 'number' ? status : 500;
}

export function registerClickShopRoutes(app: FastifyInstance, deps: ClickShopDeps): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
      (_request, raw, parsed) => {
        try {
          // Bytes that are not UTF-8 are refused, never read as U+FFFD.
          const text = typeof raw === 'string' ? raw : requestBodyText(raw);
          parsed(null, new URLSearchParams(text));
        } catch (error) {
          parsed(error instanceof Error ? error : new Error('unreadable form'));
        }
      },
    );
    // A body too large, of another type or unreadable, and any failure of ours: still Click's
    // JSON with HTTP 200, so Click reads a refusal rather than an outage.
    scope.setErrorHandler((error, request, reply) => {
      const status = statusOf(error);
      const refusal = status >= 400 && status < 500;
      if (!refusal) request.log.error({ err: error }, 'click call failed');
      const step: ClickStep = request.url.startsWith(CLICK_SHOP_PATHS.complete)
        ? 'complete'
        : 'prepare';
      const code = refusal ? CLICK_ERROR.badRequest : CLICK_ERROR.updateFailed;
      const echo = { clickTransId: null, merchantTransId: null };
      return reply.code(200).send(answerOf(step, echo, code, null));
    });
    for (const step of ['prepare', 'complete'] as const) {
      const handle = createHandler(deps, step);
      scope.post(CLICK_SHOP_PATHS[step], (request) => handle(formOf(request.body)));
    }
    done();
  });
}
