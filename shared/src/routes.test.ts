import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  buildPath,
  getRoute,
  isSlug,
  matchRoute,
  stripLanguagePrefix,
  switchLanguagePath,
  type RouteId,
} from './routes';

const STATIC_ROUTES: [string, RouteId][] = [
  ['', 'home'],
  ['/about', 'about'],
  ['/account', 'account'],
  ['/account/orders', 'orders'],
  ['/blogs', 'blogs'],
  ['/brands', 'brands'],
  ['/cart', 'cart'],
  ['/catalog', 'catalog'],
  ['/categories', 'categories'],
  ['/checkout', 'checkout'],
  ['/checkout/payment', 'payment'],
  ['/checkout/confirmed', 'confirmed'],
  ['/contacts', 'contacts'],
  ['/delivery', 'delivery'],
  ['/how-to-buy', 'howToBuy'],
  ['/markets', 'markets'],
  ['/pages', 'pages'],
  ['/products', 'products'],
  ['/public-offer', 'publicOffer'],
  ['/return', 'return'],
  ['/sign-in', 'signIn'],
];

describe('ROUTES', () => {
  it('holds the 22 pages of the spec plus sign-in and an order page, each id and pattern once', () => {
    expect(ROUTES).toHaveLength(24);
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.pattern)).size).toBe(ROUTES.length);
  });

  it('uses the checkout layout for checkout and payment only', () => {
    const checkoutLayout = ROUTES.filter((route) => route.layout === 'checkout').map((r) => r.id);
    expect(checkoutLayout.sort()).toEqual(['checkout', 'payment']);
  });

  it('requires sign-in for account, orders, an order, checkout and payment only', () => {
    const needsAuth = ROUTES.filter((route) => route.auth).map((route) => route.id);
    expect(needsAuth.sort()).toEqual(['account', 'checkout', 'order', 'orders', 'payment']);
  });
});

describe('matchRoute', () => {
  it.each(STATIC_ROUTES)('matches /{lang}%s as %s in every language', (rest, id) => {
    for (const language of ['uz', 'ru', 'en'] as const) {
      expect(matchRoute(`/${language}${rest}`)).toEqual({
        language,
        route: getRoute(id),
        params: {},
      });
    }
  });

  it.each(STATIC_ROUTES)('tolerates one trailing slash on /{lang}%s', (rest, id) => {
    expect(matchRoute(`/ru${rest}/`)?.route.id).toBe(id);
  });

  it('matches a product and a blog post with their slug', () => {
    expect(matchRoute('/en/products/white-mug')).toEqual({
      language: 'en',
      route: getRoute('product'),
      params: { slug: 'white-mug' },
    });
    expect(matchRoute('/uz/blogs/kitchen-tips-2024/')).toEqual({
      language: 'uz',
      route: getRoute('blog'),
      params: { slug: 'kitchen-tips-2024' },
    });
  });

  it('matches an order by its number', () => {
    expect(matchRoute('/ru/account/orders/UY-1042')).toEqual({
      language: 'ru',
      route: getRoute('order'),
      params: { number: 'UY-1042' },
    });
    expect(buildPath('en', 'order', { number: 'UY-1042' })).toBe('/en/account/orders/UY-1042');
  });

  it('accepts slugs in any case, up to 120 characters', () => {
    expect(matchRoute('/ru/products/Mug-XL')?.params).toEqual({ slug: 'Mug-XL' });
    expect(matchRoute(`/ru/products/${'a'.repeat(120)}`)?.route.id).toBe('product');
    expect(matchRoute(`/ru/products/${'a'.repeat(121)}`)).toBeNull();
  });

  it('decodes percent-encoding before checking the slug', () => {
    expect(matchRoute('/en/products/white%2Dmug')?.params).toEqual({ slug: 'white-mug' });
  });

  it.each([
    ['two segments', '/en/products/white/mug'],
    ['an empty slug', '/en/products//'],
    ['a double slash before the slug', '/en/products//mug'],
    ['a dot-dot slug', '/en/products/..'],
    ['an encoded dot-dot slug', '/en/products/%2E%2E'],
    ['malformed percent-encoding', '/en/products/%zz'],
    ['a truncated escape', '/en/products/mug%'],
    ['an encoded slash', '/en/products/white%2Fmug'],
    ['a leading dash', '/en/products/-mug'],
    ['a space', '/en/products/white%20mug'],
    ['an underscore', '/en/products/white_mug'],
    ['Cyrillic', '/en/products/%D0%BA%D1%80%D1%83%D0%B6%D0%BA%D0%B0'],
  ])('rejects %s', (_name, path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it.each([
    ['/'],
    [''],
    ['/products'],
    ['/de/about'],
    ['/EN/about'],
    ['/english'],
    ['/en/About'],
    ['/en/unknown'],
    ['/en/account/settings'],
    ['/en/account/orders/UY-1/items'],
    ['/en/account/orders/UY%201'],
    ['/en/checkout/payment/extra'],
    ['/en/products/mug/reviews'],
    ['/en/blogs/post/2'],
    ['/en//'],
    ['/en/about//'],
    ['en/about'],
    ['/en/cart?x=1'],
  ])('answers null for %j', (path) => {
    expect(matchRoute(path)).toBeNull();
  });
});

describe('buildPath', () => {
  it('builds the home path without a trailing slash', () => {
    expect(buildPath('uz', 'home')).toBe('/uz');
  });

  it('builds static and parameterised paths', () => {
    expect(buildPath('en', 'products')).toBe('/en/products');
    expect(buildPath('ru', 'orders')).toBe('/ru/account/orders');
    expect(buildPath('en', 'product', { slug: 'x' })).toBe('/en/products/x');
    expect(buildPath('uz', 'blog', { slug: 'news-1' })).toBe('/uz/blogs/news-1');
  });

  it('round-trips through matchRoute for every route', () => {
    for (const route of ROUTES) {
      const path =
        route.id === 'product' || route.id === 'blog'
          ? buildPath('ru', route.id, { slug: 'some-slug' })
          : route.id === 'order'
            ? buildPath('ru', route.id, { number: 'UY-1042' })
            : buildPath('ru', route.id);
      expect(matchRoute(path)?.route).toBe(route);
    }
  });

  it('encodes a slug the server would not accept, leading to the 404 page', () => {
    const path = buildPath('en', 'product', { slug: 'a/b' });
    expect(path).toBe('/en/products/a%2Fb');
    expect(matchRoute(path)).toBeNull();
  });

  it('refuses a missing parameter smuggled past the types', () => {
    const params = {} as { slug: string };
    expect(() => buildPath('en', 'product', params)).toThrow(RangeError);
  });
});

describe('isSlug', () => {
  it.each(['a', 'white-mug', 'A1', '1-2-3', `a${'-'.repeat(119)}`])('accepts %j', (slug) => {
    expect(isSlug(slug)).toBe(true);
  });

  it.each(['', '-a', '..', 'a_b', 'a b', 'a/b', `a${'b'.repeat(120)}`])('rejects %j', (slug) => {
    expect(isSlug(slug)).toBe(false);
  });
});

describe('getRoute', () => {
  it('refuses an id that is not in the table', () => {
    expect(() => getRoute('nope' as RouteId)).toThrow(RangeError);
  });
});

describe('stripLanguagePrefix', () => {
  it.each([
    ['/en/products', 'en', '/products'],
    ['/ru/products/mug', 'ru', '/products/mug'],
    ['/uz', 'uz', '/'],
    ['/uz/', 'uz', '/'],
    ['/products', null, '/products'],
    ['/', null, '/'],
    ['/english/products', null, '/english/products'],
    ['/EN/about', null, '/EN/about'],
  ])('%s → %s + %s', (pathname, language, rest) => {
    expect(stripLanguagePrefix(pathname)).toEqual({ language, rest });
  });
});

describe('switchLanguagePath', () => {
  it('keeps the rest of the path', () => {
    expect(switchLanguagePath('/en/products/white-mug', 'ru')).toBe('/ru/products/white-mug');
  });

  it('keeps the query string and the hash', () => {
    expect(switchLanguagePath('/uz/products?sort=price&page=2#list', 'en')).toBe(
      '/en/products?sort=price&page=2#list',
    );
    expect(switchLanguagePath('/uz?ref=tg', 'ru')).toBe('/ru?ref=tg');
  });

  it('switches the home page', () => {
    expect(switchLanguagePath('/en', 'uz')).toBe('/uz');
    expect(switchLanguagePath('/en/', 'uz')).toBe('/uz');
  });

  it('adds a prefix to a path that has none', () => {
    expect(switchLanguagePath('/products', 'ru')).toBe('/ru/products');
    expect(switchLanguagePath('/', 'ru')).toBe('/ru');
    expect(switchLanguagePath('?q=cup', 'en')).toBe('/en?q=cup');
  });
});
