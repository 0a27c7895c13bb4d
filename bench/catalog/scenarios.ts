// The catalogue benchmark's scenarios: listings (filters, sorts, facets) and searches, each a few
// requests taken in turn, so one scenario covers several categories or words.
import type { BuiltCatalog } from '../../backend/src/seed/catalog-seed';
import { CATALOG_PREFIX, type ProductsFilter } from '../../shared/src/index';
import type { TARGET_P95_MS } from './settings';

export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: ProductsFilter;
}

export interface Scenario {
  name: string;
  kind: keyof typeof TARGET_P95_MS;
  /** Taken in turn, so one scenario covers several categories or words. */
  requests: BenchRequest[];
}

const listing = (filters: ProductsFilter[]): BenchRequest[] =>
  filters.map((body) => ({ method: 'POST', url: `${CATALOG_PREFIX}/resources/products`, body }));
const searching = (words: string[]): BenchRequest[] =>
  words.map((q) => ({
    method: 'GET',
    url: `${CATALOG_PREFIX}/resources/products/search?q=${encodeURIComponent(q)}`,
  }));

/** Listings over the departments, leaves and brands of `catalog`. */
function listingScenarios(catalog: BuiltCatalog): Scenario[] {
  const departments = catalog.categories
    .filter((c) => c.parentId === null && c.legalOnly !== true)
    .map((c) => c.slug);
  const leaves = catalog.categories.filter((c) => c.parentId !== null).map((c) => c.slug);
  const brandSlugs = catalog.brands.map((b) => b.slug);
  return [
    {
      name: 'department, popular',
      kind: 'listing',
      requests: listing(departments.map((category) => ({ category, sort: 'popular' }))),
    },
    {
      name: 'leaf + 2 brands + price, price_asc',
      kind: 'listing',
      requests: listing(
        leaves.slice(0, 40).map((category, i) => ({
          category,
          brands: [
            brandSlugs[i % brandSlugs.length] ?? '',
            brandSlugs[(i * 7 + 3) % brandSlugs.length] ?? '',
          ],
          price_min: 100_000,
          price_max: 2_000_000,
          sort: 'price_asc',
        })),
      ),
    },
    {
      name: 'department + colour + size + in stock, new',
      kind: 'listing',
      requests: listing(
        departments.map((category, i) => ({
          category,
          attributes: {
            color: i % 2 === 0 ? ['white', 'blue'] : ['grey', 'black'],
            size: ['m', 'l', 'double'],
          },
          in_stock: true,
          sort: 'new',
        })),
      ),
    },
    {
      name: 'all products, new, page 3',
      kind: 'listing',
      requests: listing([{ sort: 'new', page: 3 }]),
    },
    {
      name: 'all products, colour, price_desc',
      kind: 'listing',
      requests: listing([
        { attributes: { color: ['white'] }, sort: 'price_desc' },
        { attributes: { color: ['navy', 'red'] }, sort: 'price_desc' },
      ]),
    },
  ];
}

/** Searches: exact words, word starts, typos, Cyrillic (Russian and Uzbek), two words. */
function searchScenarios(): Scenario[] {
  return [
    {
      name: 'exact word',
      kind: 'search',
      requests: searching(['kazan', 'choynak', 'sochiq', 'yostiq', 'lamp']),
    },
    {
      name: 'word prefix',
      kind: 'search',
      requests: searching(['kastr', 'choyn', 'podush', 'gilam', 'krujk']),
    },
    {
      name: 'typo',
      kind: 'search',
      requests: searching(['porcelan', 'kastrulya', 'choynk', 'podushka', 'blankit']),
    },
    {
      name: 'Cyrillic',
      kind: 'search',
      requests: searching(['казан', 'чайник', 'подушка', 'қозон', 'ёғоч']),
    },
    {
      name: 'two words',
      kind: 'search',
      requests: searching([
        'chinni piyola',
        'cast iron kazan',
        'махровое полотенце',
        'yogʻoch stul',
      ]),
    },
  ];
}

/** The scenarios, over the categories, brands and words of `catalog`. */
export function scenariosOf(catalog: BuiltCatalog): Scenario[] {
  return [...listingScenarios(catalog), ...searchScenarios()];
}
