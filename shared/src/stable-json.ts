/**
 * JSON with object keys sorted, so two values that differ only in key order serialise alike:
 * the backend fingerprints idempotent order bodies with it, the relay keys its cache with it.
 */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  // JSON has no undefined (or functions); they serialise as null, as JSON.stringify([x]) would.
  if (value === undefined || typeof value === 'function') return 'null';
  return JSON.stringify(value);
}
