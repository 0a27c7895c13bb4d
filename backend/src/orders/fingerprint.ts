import { createHash } from 'node:crypto';
import { stableStringify } from '@shop/shared';

/** A digest of a request body that ignores key order: the same order body, the same key use. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(stableStringify(value), 'utf8').digest('hex');
}
