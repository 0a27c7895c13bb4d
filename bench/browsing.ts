// What a shopper's phone asks for while browsing, shared by the load and scale benchmarks.
import type { Request } from 'autocannon';

export const CATALOG = '/backend/api/ext/v1/resources';

/** A page, home, the category tree, a listing, a product and its page, a search, the shops. */
export const BROWSING: Request[] = [
  { method: 'GET', path: '/ru' },
  { method: 'GET', path: `${CATALOG}/home`, headers: { 'x-lang': 'ru' } },
  { method: 'GET', path: `${CATALOG}/categories`, headers: { 'x-lang': 'ru' } },
  {
    method: 'POST',
    path: `${CATALOG}/products`,
    headers: { 'x-lang': 'ru', 'content-type': 'application/json' },
    body: JSON.stringify({ category: 'cookware', page: 1 }),
  },
  { method: 'GET', path: `${CATALOG}/product/porcelain-mug`, headers: { 'x-lang': 'ru' } },
  { method: 'GET', path: '/ru/products/porcelain-mug' },
  { method: 'GET', path: `${CATALOG}/products/search?q=mug`, headers: { 'x-lang': 'ru' } },
  { method: 'GET', path: '/api/store/stores', headers: { 'x-lang': 'ru' } },
];

/** The rate limits the benchmarks turn off: one machine's load generator is one "client". */
export const LIMITS_OFF = Object.fromEntries(
  [
    'SIGN_IN_CODES_PER_CLIENT',
    'SIGN_IN_CODES_OVERALL',
    'CODE_CHECKS_PER_CLIENT',
    'ORDERS_PER_ACCOUNT',
    'REQUESTS_PER_CLIENT',
  ].map((name) => [`RATE_LIMIT_${name}`, 'off']),
);
