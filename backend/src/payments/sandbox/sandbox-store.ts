// The sandbox's own memory: the cards it tokenised and the receipts it made, in one JSON file
// written atomically (a new file renamed over the old), so saved cards survive a restart of the
// shop. It keeps what a processor needs to answer for a card — how the test card behaves, the
// masked number, the expiry, the bank's phone — and never the card number itself.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

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

export interface SandboxStore {
  state: SandboxState;
  /** Writes the state; writes are queued so an older state never lands after a newer one. */
  save(): Promise<void>;
}

/** Opens the state file (or starts fresh); without a file the state lives in memory only. */
export async function openSandboxStore(file: string | undefined): Promise<SandboxStore> {
  let state = freshState();
  if (file !== undefined) {
    let text: string | null = null;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    }
    if (text !== null) state = SandboxStateSchema.parse(JSON.parse(text));
  }
  let queue: Promise<void> = Promise.resolve();
  return {
    get state() {
      return state;
    },
    save() {
      if (file === undefined) return Promise.resolve();
      const text = `${JSON.stringify(state, null, 1)}\n`;
      const next = queue.then(async () => {
        await mkdir(dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(temporary, text, { encoding: 'utf8', mode: 0o600 });
        await rename(temporary, file);
      });
      // A failed write must not block later ones; the caller still hears of it.
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
