/** PostgreSQL `integer` range: a larger id in a request is simply an unknown id, not a 500. */
const PG_INT_MAX = 2_147_483_647;

export function isPgInt(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= PG_INT_MAX;
}
