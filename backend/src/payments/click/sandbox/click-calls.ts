// Click's side of the SHOP API: the signed form it posts to a shop's Prepare and Complete URLs,
// and the shop's JSON answer read back. The pay stand-in sends these; tests build the same
// forms to play Click against the shop.
import { z } from 'zod';
import { CLICK_ACTION, clickSignString, type ClickStep } from '../click-protocol';

export interface ClickCallFields {
  clickTransId: string;
  serviceId: string;
  clickPaydocId: string;
  merchantTransId: string;
  /** Complete only: the shop's answer to Prepare. */
  merchantPrepareId?: string;
  /** As Click writes it: "38400", "33139.73". */
  amount: string;
  /** Click's outcome: 0, or below 0 when the payment failed or was cancelled at Click. */
  error: number;
  errorNote: string;
  /** "YYYY-MM-DD HH:mm:ss". */
  signTime: string;
}

/** The form Click posts for `step`, signed with the service's secret key. */
export function clickForm(
  step: ClickStep,
  fields: ClickCallFields,
  secretKey: string,
  /** Another action than the step's, signed as such (a test of the shop's −3). */
  action: string = CLICK_ACTION[step],
): URLSearchParams {
  // Complete alone signs the shop's prepare id.
  const merchantPrepareId = step === 'complete' ? fields.merchantPrepareId : undefined;
  const signString = clickSignString({ ...fields, merchantPrepareId, action }, secretKey);
  const form = new URLSearchParams({
    click_trans_id: fields.clickTransId,
    service_id: fields.serviceId,
    click_paydoc_id: fields.clickPaydocId,
    merchant_trans_id: fields.merchantTransId,
    amount: fields.amount,
    action,
    error: String(fields.error),
    error_note: fields.errorNote,
    sign_time: fields.signTime,
    sign_string: signString,
  });
  if (step === 'complete') form.set('merchant_prepare_id', fields.merchantPrepareId ?? '');
  return form;
}

/** The shop's answer, as Click reads it: the error code, and our id on success. */
const ShopAnswerSchema = z.object({
  error: z.number().int(),
  error_note: z.string().optional(),
  merchant_prepare_id: z.number().int().nullable().optional(),
  merchant_confirm_id: z.number().int().nullable().optional(),
});
export type ShopAnswer = z.infer<typeof ShopAnswerSchema>;

export type ShopReply = { answered: true; answer: ShopAnswer } | { answered: false; why: string };

/** Posts `form` to the shop; a shop that fails, times out or answers nonsense is not answered. */
export async function postToShop(
  url: string,
  form: URLSearchParams,
  timeoutMs: number,
): Promise<ShopReply> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { answered: false, why: `HTTP ${String(response.status)}` };
    const parsed = ShopAnswerSchema.safeParse(await response.json());
    if (!parsed.success) return { answered: false, why: 'an answer that is not Click JSON' };
    return { answered: true, answer: parsed.data };
  } catch (error) {
    return { answered: false, why: error instanceof Error ? error.message : 'no answer' };
  }
}
