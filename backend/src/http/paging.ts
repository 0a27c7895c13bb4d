import type { PageMeta } from '@shop/shared';

/** Page meta as the contract wants it: last_page is at least 1 even for an empty list. */
export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
