import * as z from 'zod/mini';
import { readJson, writeJson, type KeyValueStorage } from '../../lib/storage/storage';
import { IDEMPOTENCY_STORAGE_KEY } from './idempotency-storage';

const StoredSchema = z.object({ key: z.string().check(z.minLength(16)), fingerprint: z.string() });

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per checkout attempt: the same order body sent again (a retry after a lost answer)
 * reuses the key, so the server replays its first answer instead of placing a second order.
 * A changed body is a new attempt with a new key (the server rejects one key with two bodies).
 */
export function idempotencyKeyFor(storage: KeyValueStorage, body: unknown): string {
  const fingerprint = JSON.stringify(body);
  const stored = StoredSchema.safeParse(readJson(storage, IDEMPOTENCY_STORAGE_KEY));
  if (stored.success && stored.data.fingerprint === fingerprint) return stored.data.key;
  const key = randomKey();
  writeJson(storage, IDEMPOTENCY_STORAGE_KEY, { key, fingerprint });
  return key;
}
