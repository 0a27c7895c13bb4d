import { isLanguage, type Language } from './languages';

export type RouteLayout = 'default' | 'checkout';

interface RouteShape {
  readonly id: string;
  /** Relative to the language prefix, `:name` a slug-shaped parameter; '' is the home page. */
  readonly pattern: string;
  readonly layout: RouteLayout;
  /** Whether a guest must sign in first (checkout, account, orders). */
  readonly auth: boolean;
}

/**
 * The one route table. The webapp builds its router from it and the server answers
 * 404 for any path it does not match, so the two can never disagree about what exists.
 * Static segments are case-sensitive; `matchRoute` is the one matcher of both.
 */
export const ROUTES = [
  { id: 'home', pattern: '', layout: 'default', auth: false },
  { id: 'about', pattern: 'about', layout: 'default', auth: false },
  { id: 'account', pattern: 'account', layout: 'default', auth: true },
  { id: 'orders', pattern: 'account/orders', layout: 'default', auth: true },
  // An order number has a slug's shape (letters, digits, hyphens), so the slug check guards it.
  { id: 'order', pattern: 'account/orders/:number', layout: 'default', auth: true },
  { id: 'blogs', pattern: 'blogs', layout: 'default', auth: false },
  { id: 'blog', pattern: 'blogs/:slug', layout: 'default', auth: false },
  { id: 'brands', pattern: 'brands', layout: 'default', auth: false },
  { id: 'cart', pattern: 'cart', layout: 'default', auth: false },
  { id: 'catalog', pattern: 'catalog', layout: 'default', auth: false },
  { id: 'categories', pattern: 'categories', layout: 'default', auth: false },
  { id: 'checkout', pattern: 'checkout', layout: 'checkout', auth: true },
  { id: 'payment', pattern: 'checkout/payment', layout: 'checkout', auth: true },
  // Open to guests: the confirmation only reads an order the shopper was just handed,
  // and a session that expired meanwhile should not turn "thank you" into a sign-in wall.
  { id: 'confirmed', pattern: 'checkout/confirmed', layout: 'default', auth: false },
  { id: 'contacts', pattern: 'contacts', layout: 'default', auth: false },
  { id: 'delivery', pattern: 'delivery', layout: 'default', auth: false },
  { id: 'howToBuy', pattern: 'how-to-buy', layout: 'default', auth: false },
  { id: 'markets', pattern: 'markets', layout: 'default', auth: false },
  { id: 'pages', pattern: 'pages', layout: 'default', auth: false },
  { id: 'products', pattern: 'products', layout: 'default', auth: false },
  { id: 'product', pattern: 'products/:slug', layout: 'default', auth: false },
  { id: 'publicOffer', pattern: 'public-offer', layout: 'default', auth: false },
  { id: 'return', pattern: 'return', layout: 'default', auth: false },
  // Sign-in is a page, not a modal, so it can be linked to (and come back with ?next=).
  { id: 'signIn', pattern: 'sign-in', layout: 'default', auth: false },
] as const satisfies readonly RouteShape[];

export type RouteDef = (typeof ROUTES)[number];
export type RouteId = RouteDef['id'];

type RouteById<Id extends RouteId> = Extract<RouteDef, { id: Id }>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<Id extends RouteId> = Record<ParamNames<RouteById<Id>['pattern']>, string>;

type ParamsArg<Id extends RouteId> = [ParamNames<RouteById<Id>['pattern']>] extends [never]
  ? []
  : [params: RouteParams<Id>];

const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/i;

/** A slug is the only free-form part of a path; this is the whole of what the server accepts. */
export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

export function getRoute<Id extends RouteId>(id: Id): RouteById<Id> {
  const route = ROUTES.find((candidate): candidate is RouteById<Id> => candidate.id === id);
  if (!route) throw new RangeError(`Unknown route id: ${id}`);
  return route;
}

const COMPILED = ROUTES.map((route) => ({
  route,
  segments: route.pattern === '' ? [] : route.pattern.split('/'),
}));

export interface RouteMatch {
  language: Language;
  route: RouteDef;
  params: Record<string, string>;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Matches a URL path (no query string) such as '/en/products/white-mug'. One trailing slash is
 * tolerated; empty segments ('//') are not, so each page has a single canonical shape.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  if (!pathname.startsWith('/')) return null;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const [, language, ...rawSegments] = trimmed.split('/');
  if (!isLanguage(language)) return null;

  const segments: string[] = [];
  for (const raw of rawSegments) {
    const decoded = decodeSegment(raw);
    if (decoded === null || decoded === '') return null;
    segments.push(decoded);
  }

  for (const { route, segments: patternSegments } of COMPILED) {
    if (patternSegments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = patternSegments.every((part, index) => {
      const actual = segments[index];
      if (actual === undefined) return false;
      if (!part.startsWith(':')) return part === actual;
      if (!isSlug(actual)) return false;
      params[part.slice(1)] = actual;
      return true;
    });
    if (matches) return { language, route, params };
  }
  return null;
}

/**
 * Builds '/en/products/white-mug'. A slug the server would not accept (cart items carry any
 * string up to 120 characters) is percent-encoded rather than thrown on: it then leads to the
 * 404 page instead of crashing the page that renders the link. Use `isSlug` to filter upstream.
 */
export function buildPath<Id extends RouteId>(
  language: Language,
  routeId: Id,
  ...args: ParamsArg<Id>
): string {
  const values: Readonly<Record<string, string>> = args[0] ?? {};
  const { pattern } = getRoute(routeId);
  if (pattern === '') return `/${language}`;
  const segments = pattern.split('/').map((part) => {
    if (!part.startsWith(':')) return part;
    const value = values[part.slice(1)];
    // Only reachable by casting around the types: a link without its slug is a programming error.
    if (value === undefined) throw new RangeError(`Route ${routeId} needs ${part}`);
    return encodeURIComponent(value);
  });
  return `/${language}/${segments.join('/')}`;
}

/**
 * Splits '/en/products' into 'en' and '/products'. For a path without a prefix the language is
 * null and the whole path is returned, so the server can redirect to '/{detected}{rest}'.
 */
export function stripLanguagePrefix(pathname: string): {
  language: Language | null;
  rest: string;
} {
  const match = /^\/([^/]*)(\/.*)?$/s.exec(pathname);
  const first = match?.[1];
  if (!isLanguage(first)) return { language: null, rest: pathname };
  return { language: first, rest: match?.[2] ?? '/' };
}

/** Same page in another language; the query string and hash survive, e.g. a search or filter. */
export function switchLanguagePath(pathname: string, to: Language): string {
  const cut = pathname.search(/[?#]/);
  const path = cut === -1 ? pathname : pathname.slice(0, cut);
  const suffix = cut === -1 ? '' : pathname.slice(cut);
  const { rest } = stripLanguagePrefix(path === '' ? '/' : path);
  const tail = rest === '/' ? '' : rest.startsWith('/') ? rest : `/${rest}`;
  return `/${to}${tail}${suffix}`;
}
