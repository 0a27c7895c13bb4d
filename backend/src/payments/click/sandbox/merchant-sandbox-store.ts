// The Click stand-in's own memory: the merchant it plays, the card tokens it issued and the
// payments it took, in one JSON file (openStandInStore), so saved cards and payments survive a
// restart of the shop. It keeps what Click needs to answer for a card — how the test card
// behaves, the masked number, the bank's phone, a digest of the texted code — and never the card
// number itself or a code in the clear.
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { openStandInStore, type StandInStore } from '../../../http/stand-in-io';

const BehaviourSchema = z.enum([
  'ok',
  'insufficient_funds',
  'blocked',
  'expired',
  'stall',
  'sms_unavailable',
]);

const ClickCardSchema = z.object({
  token: z.string(),
  behaviour: BehaviourSchema,
  /** '860055******5556'. */
  masked: z.string().regex(/^\d{6}\*+\d{4}$/),
  bankPhone: z.string(),
  verified: z.boolean(),
  removed: z.boolean(),
  /** sha256 of the code texted, hex. */
  codeDigest: z.string(),
  codeSentAt: z.string(),
  codeTries: z.number().int().nonnegative(),
});
export type ClickCard = z.infer<typeof ClickCardSchema>;

const ClickPaymentSchema = z.object({
  paymentId: z.string(),
  transactionParameter: z.string(),
  /** Sum, as Click counts. */
  amount: z.number(),
  /** The masked number of the card charged. */
  card: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
});
export type ClickPayment = z.infer<typeof ClickPaymentSchema>;

const ClickReversalSchema = z.object({
  paymentId: z.string(),
  /** A saved card's charge, or a payment made in the Click app. */
  source: z.enum(['card', 'app']),
  at: z.string(),
});
export type ClickReversal = z.infer<typeof ClickReversalSchema>;

const ClickStateSchema = z.object({
  version: z.literal(1),
  serviceId: z.string(),
  merchantUserId: z.string(),
  secretKey: z.string(),
  nextPaymentId: z.number().int(),
  cards: z.array(ClickCardSchema),
  payments: z.array(ClickPaymentSchema),
  reversals: z.array(ClickReversalSchema),
});
export type ClickState = z.infer<typeof ClickStateSchema>;

export type ClickStore = StandInStore<ClickState>;

function freshState(): ClickState {
  return {
    version: 1,
    serviceId: String(randomInt(10_000, 100_000)),
    merchantUserId: String(randomInt(10_000, 100_000)),
    secretKey: randomBytes(12).toString('base64url'),
    // Click's payment ids are ten-digit numbers.
    nextPaymentId: randomInt(1_000_000_000, 2_000_000_000),
    cards: [],
    payments: [],
    reversals: [],
  };
}

/** Opens the state file (or starts fresh); without a file the state lives in memory only. */
export function openClickStore(file: string | undefined): Promise<ClickStore> {
  return openStandInStore(file, ClickStateSchema, freshState);
}
