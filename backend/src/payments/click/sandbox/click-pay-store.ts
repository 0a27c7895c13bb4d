// The pay stand-in's memory: the payments it made at shops, by Click's payment id (paydoc id),
// so that Click's Merchant API stand-in can find one and reverse it, and the next ids to give.
// One JSON file (openStandInStore), when a file is given.
import { z } from 'zod';
import { openStandInStore } from '../../../http/stand-in-io';

const ClickPaymentSchema = z.object({
  /** click_paydoc_id: Click's payment id, which its reversal names. */
  paydocId: z.string(),
  clickTransId: z.string(),
  /** The order's number (merchant_trans_id). */
  orderNumber: z.string(),
  /** Tiyin. */
  amount: z.number().int().positive(),
  /** paid: the shop confirmed it; cancelled: Click gave the money back (or never took it). */
  state: z.enum(['paid', 'cancelled']),
  /** Click's outcome sent with Complete: 0, or its code of a payment that failed at Click. */
  clickError: z.number().int(),
  /** The shop's answer to Complete; null when it gave none. */
  shopError: z.number().int().nullable(),
  /** What happened, in words. */
  note: z.string(),
  at: z.string(),
  /** When a paid payment was reversed (the money went back through the Merchant API). */
  reversedAt: z.string().nullable(),
});
export type ClickPayment = z.infer<typeof ClickPaymentSchema>;

const ClickPayStateSchema = z.object({
  version: z.literal(1),
  /** The next click_trans_id / click_paydoc_id to give: unique across restarts. */
  nextId: z.number().int().positive(),
  payments: z.array(ClickPaymentSchema),
});
type ClickPayState = z.infer<typeof ClickPayStateSchema>;

export interface ClickPayStore {
  state: ClickPayState;
  /** A fresh id for a transaction or a payment document. */
  nextId(): string;
  /** Writes the state; queued, so an older state never lands after a newer one. */
  save(): Promise<void>;
}

/**
 * Opens the state file (or starts afresh). A fresh start counts from the clock in milliseconds,
 * so even without a file the ids of one run do not repeat the ids a shop saw from an earlier run.
 */
export async function openClickPayStore(
  file: string | undefined,
  now: Date,
): Promise<ClickPayStore> {
  const store = await openStandInStore(file, ClickPayStateSchema, () => ({
    version: 1 as const,
    nextId: now.getTime(),
    payments: [],
  }));
  return {
    get state() {
      return store.state;
    },
    nextId() {
      const id = store.state.nextId;
      store.state.nextId += 1;
      return String(id);
    },
    save: () => store.save(),
  };
}
