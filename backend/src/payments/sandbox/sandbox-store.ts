// The sandbox's own memory: the cards it tokenised and the receipts it made, in one JSON file
// written atomically (a new file renamed over the old), so saved cards survive a restart of the
// shop. It keeps what a processor needs to answer for a card — how the test card behaves, the
// masked number, the expiry, the bank's phone — and never the card number itself.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { openStandInStore, type StandInStore } from '../../http/stand-in-io';

const BehaviourSchema = z.enum(['ok', 'insufficient_funds', 'blocked', 'stall', 'sms_unavailable']);

const SandboxCardSchema = z.object({
  token: z.string(),
  behaviour: BehaviourSchema,
  /** '860006******6311'. */
  masked: z.string().regex(/^\d{6}\*+\d{4}$/),
  /** MM/YY. */
  expire: z.string(),
  bankPhone: z.string(),
  verified: z.boolean(),
  removed: z.boolean(),
  codeTries: z.number().int().nonnegative(),
  codeSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SandboxCard = z.infer<typeof SandboxCardSchema>;

const SandboxReceiptSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  orderId: z.string(),
  description: z.string(),
  state: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The masked number of the card that paid it. */
  card: z.string().nullable(),
});
export type SandboxReceipt = z.infer<typeof SandboxReceiptSchema>;

const SandboxStateSchema = z.object({
  version: z.literal(1),
  merchantId: z.string(),
  key: z.string(),
  cards: z.array(SandboxCardSchema),
  receipts: z.array(SandboxReceiptSchema),
});
export type SandboxState = z.infer<typeof SandboxStateSchema>;

function freshState(): SandboxState {
  return {
    version: 1,
    merchantId: randomBytes(12).toString('hex'),
    key: randomBytes(24).toString('base64url'),
    cards: [],
    receipts: [],
  };
}

export type SandboxStore = StandInStore<SandboxState>;

/** Opens the state file (or starts fresh); without a file the state lives in memory only. */
export function openSandboxStore(file: string | undefined): Promise<SandboxStore> {
  return openStandInStore(file, SandboxStateSchema, freshState);
}
