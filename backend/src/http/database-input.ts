import type { FieldError } from '@shop/shared';

/** PostgreSQL `integer` range: a larger id in a request is simply an unknown id, not a 500. */
const PG_INT_MAX = 2_147_483_647;

export function isPgInt(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= PG_INT_MAX;
}

interface PathNode {
  value: unknown;
  key: string;
  parent: PathNode | null;
}

/** 'items.0.name' for a node, built only when a NUL is found. */
function fieldOf(node: PathNode): string {
  const keys: string[] = [];
  for (let at: PathNode | null = node; at !== null; at = at.parent) keys.push(at.key);
  return keys.reduceRight((path, key) => (path ? `${path}.${key}` : key), '') || '(root)';
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000; finding it here turns what would be a database
 * error (a 500) into a 400 that names the field. A loop, not recursion: a JSON body nested a few
 * thousand levels deep (well under the body limit) would otherwise overflow the stack (a 500).
 */
export function findNulCharacters(
  value: unknown,
  path: string,
  found: FieldError[] = [],
): FieldError[] {
  const message = 'Must not contain NUL characters';
  const stack: PathNode[] = [{ value, key: path, parent: null }];
  for (let node = stack.pop(); node !== undefined && found.length < 10; node = stack.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push({ field: fieldOf(node), message });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index] as unknown, key: String(index), parent: node });
      }
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      if (entries.some(([key]) => key.includes('\u0000'))) {
        found.push({ field: fieldOf(node), message });
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const entry = entries[index];
        if (entry) stack.push({ value: entry[1] as unknown, key: entry[0], parent: node });
      }
    }
  }
  return found;
}
