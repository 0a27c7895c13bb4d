import type { FieldError } from '@shop/shared';

/** PostgreSQL `integer` range: a larger id in a request is simply an unknown id, not a 500. */
export const PG_INT_MAX = 2_147_483_647;

export function isPgInt(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= PG_INT_MAX;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000; finding it here turns what would be a database
 * error (a 500) into a 400 that names the field.
 */
export function findNulCharacters(
  value: unknown,
  path: string,
  found: FieldError[] = [],
): FieldError[] {
  if (found.length >= 10) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      found.push({ field: path || '(root)', message: 'Must not contain NUL characters' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) =>
      findNulCharacters(item, path ? `${path}.${index}` : String(index), found),
    );
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000'))
        found.push({ field: path || '(root)', message: 'Must not contain NUL characters' });
      findNulCharacters(item, path ? `${path}.${key}` : key, found);
    }
  }
  return found;
}
