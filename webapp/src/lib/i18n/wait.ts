/**
 * A server's retry_after in the unit a shopper reads it in: whole hours from an hour up, else
 * whole minutes; rounded up, so the wait said is never shorter than the real one.
 */
export function waitInUnits(seconds: number): { unit: 'hours' | 'minutes'; value: number } {
  if (seconds >= 3600) return { unit: 'hours', value: Math.ceil(seconds / 3600) };
  return { unit: 'minutes', value: Math.max(1, Math.ceil(seconds / 60)) };
}
