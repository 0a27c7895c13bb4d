// One call of Click's to the shop's Prepare or Complete URL, read from its form fields. A field
// that is missing, repeated or not in Click's format makes the call ill-formed (Click's −8):
// nothing is looked up for it. The raw texts are kept, because sign_string covers them as sent.
import {
  clickAmountTiyin,
  isClickId,
  SIGN_TIME_PATTERN,
  type ClickSignedFields,
  type ClickStep,
} from '../click-protocol';

export interface ClickCallback extends ClickSignedFields {
  clickPaydocId: string;
  /** Tiyin. */
  amountTiyin: number;
  /** Click's own outcome: 0, or below 0 when the payment failed or was cancelled at Click. */
  error: number;
  errorNote: string;
  signString: string;
}

/** What an answer repeats of the call, whatever else was wrong with it. */
export interface ClickEcho {
  clickTransId: number | null;
  merchantTransId: string | null;
}

export type ReadCallback = { ok: true; callback: ClickCallback } | { ok: false };

/** Control characters (NUL among them), which no order number holds. */
const CONTROL_CHARACTER = /\p{Cc}/u;
const CLICK_ERROR_FIELD = /^-?\d{1,10}$/;
const MD5_HEX = /^[0-9a-f]{32}$/i;
/** Order numbers are short; anything longer is no order of ours, and not worth a query. */
const MAX_MERCHANT_TRANS_ID_LENGTH = 255;

/** The field's one value; undefined when it is missing or sent more than once. */
function single(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

export function echoOf(form: URLSearchParams): ClickEcho {
  const clickTransId = single(form, 'click_trans_id');
  const merchantTransId = single(form, 'merchant_trans_id');
  return {
    clickTransId:
      clickTransId !== undefined && isClickId(clickTransId) ? Number(clickTransId) : null,
    merchantTransId:
      merchantTransId !== undefined && merchantTransId.length <= MAX_MERCHANT_TRANS_ID_LENGTH
        ? merchantTransId
        : null,
  };
}

function isMerchantTransId(text: string): boolean {
  return (
    text.length > 0 && text.length <= MAX_MERCHANT_TRANS_ID_LENGTH && !CONTROL_CHARACTER.test(text)
  );
}

/**
 * The call's fields, or not ok when one is missing or ill-formed. `action` is only required
 * here: a value other than the step's is Click's −3, checked after the signature.
 */
export function readCallback(form: URLSearchParams, step: ClickStep): ReadCallback {
  const field = (name: string) => single(form, name);
  const clickTransId = field('click_trans_id');
  const serviceId = field('service_id');
  const clickPaydocId = field('click_paydoc_id');
  const merchantTransId = field('merchant_trans_id');
  const merchantPrepareId = step === 'complete' ? field('merchant_prepare_id') : undefined;
  const amount = field('amount');
  const action = field('action');
  const error = field('error');
  const signTime = field('sign_time');
  const signString = field('sign_string');
  // Only informative, and outside the signature: a Click that leaves it out is still Click.
  const errorNote = form.getAll('error_note');
  const amountTiyin = amount === undefined ? null : clickAmountTiyin(amount);
  if (
    clickTransId === undefined ||
    !isClickId(clickTransId) ||
    serviceId === undefined ||
    !isClickId(serviceId) ||
    clickPaydocId === undefined ||
    !isClickId(clickPaydocId) ||
    merchantTransId === undefined ||
    !isMerchantTransId(merchantTransId) ||
    (step === 'complete' && (merchantPrepareId === undefined || !isClickId(merchantPrepareId))) ||
    amount === undefined ||
    amountTiyin === null ||
    action === undefined ||
    action.length === 0 ||
    error === undefined ||
    !CLICK_ERROR_FIELD.test(error) ||
    signTime === undefined ||
    !SIGN_TIME_PATTERN.test(signTime) ||
    signString === undefined ||
    !MD5_HEX.test(signString) ||
    errorNote.length > 1
  ) {
    return { ok: false };
  }
  return {
    ok: true,
    callback: {
      clickTransId,
      serviceId,
      clickPaydocId,
      merchantTransId,
      ...(merchantPrepareId === undefined ? {} : { merchantPrepareId }),
      amount,
      amountTiyin,
      action,
      error: Number(error),
      errorNote: errorNote[0] ?? '',
      signTime,
      signString: signString.toLowerCase(),
    },
  };
}
