// Migrations that have run on a live shop are never edited, so the statuses they name stay
// literals; these checks fail if the order's life in shared/ moves away from them.
import { FINAL_ORDER_STATUSES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './store';

describe('the notifier migrations', () => {
  it('close the polls of orders in exactly the final statuses', () => {
    const lists = MIGRATIONS.flatMap((text) => [
      ...text.matchAll(/->> 'status' in \(([^)]*)\)/g),
    ]).map((match) => (match[1] ?? '').split(',').map((item) => item.trim().replace(/'/g, '')));
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect([...list].sort()).toEqual([...FINAL_ORDER_STATUSES].sort());
  });
});
