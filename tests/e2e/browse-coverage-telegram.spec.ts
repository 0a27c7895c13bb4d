// Every browse screen, reached inside the Telegram client stand-in: one test per screen, in the
// shop's three languages, against the real server and its seeded backend. Expected texts come
// from the same API the app reads (support/shop-api.ts), so a reworded seed does not break them.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Category, Language } from '@shop/shared';
import { storedCart } from '../support/browser-state';
import { holdRequests } from '../support/network';
import { E2E_MAPS_PORT, TEST_YANDEX_MAPS_KEY } from '../support/paths';
import {
  apiBlog,
  apiBlogs,
  apiCategories,
  apiHome,
  apiInfoPage,
  apiProduct,
  apiProducts,
  apiSlides,
  apiStores,
  findLowStockVariant,
  firstParagraph,
} from '../support/shop-api';
import { uniquePhone } from '../support/sms-outbox';
import { standInMapState, standInYandexMaps } from '../support/yandex-maps';
import {
  backButtonVisible,
  mainButtonState,
  openInTelegram,
  pressBackButton,
  pressMainButton,
  telegramEvents,
} from '../support/telegram';
import { completeSignIn } from '../support/sign-in';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a URL by its path and query, whatever the origin. */
const endsWith = (pathAndQuery: string) => new RegExp(`${escapeRegExp(pathAndQuery)}$`);

/** Opens `path` as Telegram does and checks the app runs as a Mini App: ready, no own header. */
async function openScreen(page: Page, path: string, lang: Language) {
  await openInTelegram(page, path, { languageCode: lang });
  await expect
    .poll(async () => (await telegramEvents(page)).some((e) => e.type === 'web_app_ready'))
    .toBe(true);
  await expect(page.getByRole('banner')).toHaveCount(0);
}

const main = (page: Page) => page.getByRole('main');

/** The links of a product grid or row (each card is one link named by the product). */
const cardLinks = (list: Locator) => list.getByRole('listitem').getByRole('link');

function flatten(tree: readonly Category[]): Category[] {
  return tree.flatMap((category) => [category, ...flatten(category.children)]);
}

test.describe('every browse screen inside Telegram', () => {
  test('home (uz): slides, categories and the new, popular and on-sale sections lead onward', async ({
    page,
    request,
  }) => {
    const [home, slides, tree] = await Promise.all([
      apiHome(request, 'uz'),
      apiSlides(request, 'uz'),
      apiCategories(request, 'uz'),
    ]);
    expect(home.sections.map((section) => section.key).sort()).toEqual([
      'discounted',
      'new',
      'popular',
    ]);
    await openScreen(page, '/uz', 'uz');

    // Slides: every banner, each a link into the shop.
    const carousel = main(page).getByRole('region', { name: 'Aksiyalar' });
    const banners = carousel.getByRole('group');
    await expect(banners).toHaveCount(slides.length);
    const linked = slides.filter((slide) => slide.link !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const [index, slide] of slides.entries()) {
      const link = banners.nth(index).getByRole('link');
      if (slide.link === null) continue;
      await expect(link).toHaveAccessibleName(new RegExp(escapeRegExp(slide.title)));
      await expect(link).toHaveAttribute('href', `/uz${slide.link}`);
    }

    // Categories: the top of the tree, each into its products.
    const chips = main(page).getByRole('navigation', { name: 'Kategoriyalar' }).getByRole('link');
    await expect(chips).toHaveText(home.categories.map((category) => category.name));
    for (const [index, category] of home.categories.entries()) {
      await expect(chips.nth(index)).toHaveAttribute(
        'href',
        `/uz/products?category=${category.slug}`,
      );
    }

    // The three sections with their products, each card into its product page.
    for (const section of home.sections) {
      const region = main(page).getByRole('region', { name: section.title, exact: true });
      const cards = cardLinks(region.getByRole('list'));
      await expect(cards).toHaveCount(section.products.length);
      for (const [index, product] of section.products.entries()) {
        await expect(cards.nth(index)).toHaveAccessibleName(product.name);
        await expect(cards.nth(index)).toHaveAttribute('href', `/uz/products/${product.slug}`);
      }
    }

    // Onward and back again with the BackButton: each section's "See all" to its whole list ...
    const seeAll = {
      new: { query: '?sort=new', filter: { sort: 'new' } },
      popular: { query: '?sort=popular', filter: { sort: 'popular' } },
      discounted: { query: '?discounted=1', filter: { discounted: true } },
    } as const;
    for (const section of home.sections) {
      const { query, filter } = seeAll[section.key];
      const listed = await apiProducts(request, { ...filter, per_page: 1 }, 'uz');
      await main(page)
        .getByRole('region', { name: section.title, exact: true })
        .getByRole('link', { name: `Barchasi: ${section.title}`, exact: true })
        .click();
      await expect(page).toHaveURL(endsWith(`/uz/products${query}`));
      await expect(main(page).getByText(`Mahsulotlar: ${listed.meta.total}`)).toBeVisible();
      await expect(
        cardLinks(main(page).getByRole('list', { name: 'Barcha mahsulotlar' })).first(),
      ).toHaveAccessibleName(listed.data[0]?.name ?? '-');
      await pressBackButton(page);
      await expect(page).toHaveURL(/\/uz$/);
    }

    // ... a card of the on-sale section ...
    const onSale = home.sections.find((section) => section.key === 'discounted');
    const saleProduct = onSale?.products[0];
    if (!onSale || !saleProduct) throw new Error('no on-sale products');
    expect(saleProduct.old_price ?? 0).toBeGreaterThan(saleProduct.price);
    await main(page)
      .getByRole('region', { name: onSale.title, exact: true })
      .getByRole('link', { name: saleProduct.name, exact: true })
      .click();
    await expect(page).toHaveURL(endsWith(`/uz/products/${saleProduct.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: saleProduct.name })).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/uz$/);

    // ... a category chip ...
    const category = home.categories[0];
    if (!category) throw new Error('no categories');
    await chips.first().click();
    await expect(page).toHaveURL(endsWith(`/uz/products?category=${category.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/uz$/);

    // ... and every banner lands on a page about what it announces.
    const names = new Map(flatten(tree).map((c) => [c.slug, c.name]));
    for (const [index, slide] of slides.entries()) {
      if (slide.link === null) continue;
      const target = new URL(slide.link, 'http://shop.test');
      const slug = target.searchParams.get('category');
      const heading = slug ? (names.get(slug) ?? slug) : 'Barcha mahsulotlar';
      await banners.nth(index).getByRole('link').click();
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
      if (slug) await expect(page).toHaveURL(new RegExp(`[?&]category=${slug}$`));
      await pressBackButton(page);
      await expect(page).toHaveURL(/\/uz$/);
    }
    await expect.poll(() => backButtonVisible(page)).toBe(false);
  });

  test('/categories (ru): the tree for the shopper’s account type, each leading to its products', async ({
    page,
    request,
  }) => {
    const [tree, legalTree] = await Promise.all([
      apiCategories(request, 'ru'),
      apiCategories(request, 'ru', 'legal'),
    ]);
    const legalOnly = legalTree.filter((c) => !tree.some((own) => own.slug === c.slug));
    expect(legalOnly.length, 'the seed has categories only legal entities see').toBeGreaterThan(0);

    await openScreen(page, '/ru/categories', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Все категории' })).toBeVisible();
    const all = flatten(tree);
    for (const category of all) {
      await expect(
        main(page).getByRole('link', { name: category.name, exact: true }),
      ).toHaveAttribute('href', `/ru/products?category=${category.slug}`);
    }
    await expect(main(page).getByRole('link')).toHaveCount(all.length);
    for (const category of legalOnly) {
      await expect(main(page).getByText(category.name, { exact: true })).toHaveCount(0);
    }

    const child = tree.find((c) => c.children.length > 0)?.children[0];
    if (!child) throw new Error('no sub-categories');
    const listed = await apiProducts(request, { category: child.slug, per_page: 1 }, 'ru');
    await main(page).getByRole('link', { name: child.name, exact: true }).click();
    await expect(page).toHaveURL(endsWith(`/ru/products?category=${child.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: child.name })).toBeVisible();
    await expect(main(page).getByText(`Товаров: ${listed.meta.total}`)).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/ru\/categories$/);
  });

  test('/catalog (en): tiles open a level, "All in …" its products; a leaf opens its list', async ({
    page,
    request,
  }) => {
    const tree = await apiCategories(request, 'en');
    const parent = tree.find((c) => c.children.length > 0);
    if (!parent) throw new Error('no category with sub-categories');
    await openScreen(page, '/en/catalog', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    const tiles = main(page).getByRole('link');
    // "All products" and one tile per top category.
    await expect(tiles).toHaveCount(tree.length + 1);
    await expect(tiles.first()).toHaveAttribute('href', '/en/products');
    await main(page)
      .getByRole('link', {
        name: `${parent.name} Subcategories: ${parent.children.length}`,
        exact: true,
      })
      .click();
    await expect(page).toHaveURL(endsWith(`/en/catalog?category=${parent.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: parent.name })).toBeVisible();
    await expect(tiles).toHaveCount(parent.children.length + 1);
    for (const child of parent.children.filter((c) => c.children.length === 0)) {
      await expect(main(page).getByRole('link', { name: child.name, exact: true })).toHaveAttribute(
        'href',
        `/en/products?category=${child.slug}`,
      );
    }

    const inParent = await apiProducts(request, { category: parent.slug, per_page: 1 }, 'en');
    await main(page)
      .getByRole('link', { name: `All in ${parent.name}` })
      .click();
    await expect(page).toHaveURL(endsWith(`/en/products?category=${parent.slug}`));
    await expect(main(page).getByText(`Products: ${inParent.meta.total}`)).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(endsWith(`/en/catalog?category=${parent.slug}`));
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/en\/catalog$/);

    // A link to the catalogue at a category with no level below it (a banner's, say) lands on
    // that category's products rather than on the top of the catalogue.
    const leaf = parent.children.find((c) => c.children.length === 0);
    if (!leaf) throw new Error('no leaf category');
    await page.goto(`/en/catalog?category=${leaf.slug}`);
    await expect(page).toHaveURL(endsWith(`/en/products?category=${leaf.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: leaf.name })).toBeVisible();
  });

  // The sheet's facets, counts, chips and sort are component tests
  // (webapp/src/features/catalog/listing/filters-*.test.tsx); here they work as a Mini App.
  test('/products (ru): a brand from the sheet and the sort; reload and the BackButton keep them', async ({
    page,
    request,
  }) => {
    const all = await apiProducts(request, { per_page: 1 }, 'ru');
    const brand = [...all.facets.brands].sort((a, b) => b.count - a.count)[0];
    if (!brand) throw new Error('no brands');
    await openScreen(page, '/ru/products', 'ru');
    await page.getByRole('button', { name: 'Фильтры' }).click();
    const sheet = page.getByRole('dialog', { name: 'Фильтры' });
    await expect(sheet).toBeVisible();
    await sheet
      .getByRole('checkbox', {
        name: new RegExp(`^${escapeRegExp(brand.name)}\\s*${brand.count}$`),
      })
      .check();
    await sheet.getByRole('button', { name: 'Применить' }).click();
    await expect(sheet).toBeHidden();
    await expect(main(page).getByText(`Товаров: ${brand.count}`)).toBeVisible();

    // Sort: dearest first, as the backend orders it.
    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('price_desc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price_desc');
    const sorted = await apiProducts(
      request,
      { brands: [brand.slug], sort: 'price_desc', per_page: 20 },
      'ru',
    );
    const list = cardLinks(main(page).getByRole('list', { name: 'Все товары' }));
    const first = sorted.data[0]?.name ?? '-';
    await expect(list.first()).toHaveAccessibleName(first);

    // A reload inside Telegram shows the same list from the URL, still as a Mini App.
    const url = page.url();
    await page.reload();
    await expect(list.first()).toHaveAccessibleName(first);
    await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price_desc');
    await expect(page.getByRole('banner')).toHaveCount(0);

    // Into a product and back with the BackButton: the same filtered, sorted list.
    await list.first().click();
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(url);
    await expect(list.first()).toHaveAccessibleName(first);
  });

  test('/products (uz): "Show more" adds pages, the URL keeps how many, a reload restores them', async ({
    page,
    request,
  }) => {
    const firstPage = await apiProducts(request, { page: 1, per_page: 20 }, 'uz');
    expect(firstPage.meta.last_page).toBeGreaterThan(1);
    const secondPage = await apiProducts(request, { page: 2, per_page: 20 }, 'uz');
    await openScreen(page, '/uz/products', 'uz');
    const list = cardLinks(main(page).getByRole('list', { name: 'Barcha mahsulotlar' }));
    await expect(list).toHaveCount(firstPage.data.length);
    await page.getByRole('button', { name: 'Yana koʻrsatish' }).click();
    const shown = firstPage.data.length + secondPage.data.length;
    await expect(list).toHaveCount(shown);
    await expect(list.nth(20)).toHaveAccessibleName(secondPage.data[0]?.name ?? '-');
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await expect(list).toHaveCount(shown);
    await expect(
      main(page).getByText(`${firstPage.meta.total} tadan ${shown} tasi koʻrsatilmoqda`),
    ).toBeVisible();
  });

  test('product (ru): gallery, variants with the unbuyable one disabled, stock, quantity, texts, crumbs, related', async ({
    page,
    request,
  }) => {
    // A product with a sold-out variant next to a buyable one.
    const { data } = await apiProducts(request, { per_page: 100 }, 'ru');
    const mixed = data.find(
      (p) =>
        p.variants.length > 1 &&
        p.variants.every((v) => v.attributes.length === 1) &&
        p.variants.some((v) => !v.in_stock || v.quantity === 0) &&
        p.variants.some((v) => v.in_stock && v.quantity > 5),
    );
    if (!mixed) throw new Error('The demo seed has no product with a sold-out variant');
    const product = await apiProduct(request, mixed.slug, 'ru');
    const soldOut = product.variants.find((v) => !v.in_stock || v.quantity === 0);
    const plenty = product.variants.find((v) => v.in_stock && v.quantity > 5);
    if (!soldOut || !plenty) throw new Error('unreachable');

    await openScreen(page, `/ru/products/${product.slug}`, 'ru');
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    // Gallery: every photo with its size; the first fetched first, the others when shown.
    const photos = main(page).locator('.gallery img');
    await expect(photos).toHaveCount(product.images.length);
    for (const [index, image] of product.images.entries()) {
      await expect(photos.nth(index)).toHaveAttribute('src', image.url);
      await expect(photos.nth(index)).toHaveAttribute('width', String(image.width));
      await expect(photos.nth(index)).toHaveAttribute('height', String(image.height));
      await expect(photos.nth(index)).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
    }
    if (product.images.length > 1) {
      await expect(
        page.getByRole('button', { name: `Фото 2 из ${product.images.length}` }),
      ).toBeVisible();
    }

    // Variants: one radio per value, named by it; the sold-out one shown but disabled.
    for (const variant of product.variants) {
      const radio = page.getByRole('radio', { name: variant.attributes[0]?.value, exact: true });
      if (variant === soldOut) await expect(radio).toBeDisabled();
      else await expect(radio).toBeEnabled();
    }
    const info = main(page).locator('.product__info');
    await page.getByRole('radio', { name: plenty.attributes[0]?.value, exact: true }).check();
    await expect(info.getByText('В наличии', { exact: true })).toBeVisible();
    await expect.poll(async () => (await mainButtonState(page))?.is_active).toBe(true);

    // Quantity: two, then the MainButton adds two, with haptic feedback.
    await page.getByRole('button', { name: 'Увеличить количество' }).click();
    await expect(page.getByRole('group', { name: 'Количество' })).toContainText('2');
    await pressMainButton(page);
    await expect
      .poll(async () => (await storedCart(page)).map((line) => [line.slug, line.quantity]))
      .toEqual([[product.slug, 2]]);
    await expect
      .poll(async () =>
        (await telegramEvents(page)).some((e) => e.type === 'web_app_trigger_haptic_feedback'),
      )
      .toBe(true);

    // Description and specifications from the catalogue.
    await expect(page.getByRole('heading', { name: 'Описание' })).toBeVisible();
    await expect(main(page).getByText(product.description, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Характеристики' })).toBeVisible();
    for (const spec of product.specifications) {
      await expect(
        main(page).locator('.specs__row', { has: page.getByText(spec.name, { exact: true }) }),
      ).toContainText(spec.value);
    }

    // Breadcrumbs up to the product's category.
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs.getByRole('link')).toHaveText([
      'Главная',
      'Каталог',
      ...product.breadcrumbs.map((crumb) => crumb.name),
    ]);
    const last = product.breadcrumbs.at(-1);
    if (!last) throw new Error('no breadcrumbs');
    await expect(crumbs.getByRole('link').last()).toHaveAttribute(
      'href',
      `/ru/products?category=${last.slug}`,
    );

    // Related products, each into its page; the BackButton returns.
    const related = page.getByRole('region', { name: 'Вам может понравиться' });
    const relatedCards = cardLinks(related.getByRole('list'));
    await expect(relatedCards).toHaveCount(product.relateds.length);
    const next = product.relateds[0];
    if (!next) throw new Error('no related products');
    await relatedCards.first().click();
    await expect(page).toHaveURL(endsWith(`/ru/products/${next.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: next.name })).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(endsWith(`/ru/products/${product.slug}`));
  });

  test('product (en): "Only N left" and "Out of stock", where the MainButton is off', async ({
    page,
    request,
  }) => {
    const low = await findLowStockVariant(request);
    await openScreen(page, `/en/products/${low.slug}`, 'en');
    for (const value of low.values) await page.getByRole('radio', { name: value }).check();
    const info = main(page).locator('.product__info');
    await expect(info.getByText(`Only ${low.quantity} left`)).toBeVisible();

    const { data } = await apiProducts(request, { per_page: 100 });
    const soldOut = data.find((p) => p.variants.every((v) => !v.in_stock || v.quantity === 0));
    if (!soldOut) throw new Error('The demo seed has no sold-out product');
    await page.goto(`/en/products/${soldOut.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: soldOut.name })).toBeVisible();
    await expect(info.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect.poll(async () => (await mainButtonState(page))?.is_active).toBe(false);
    await expect(page.getByRole('button', { name: 'Buy in one click' })).toBeDisabled();
  });

  test('product (uz): "Buy in one click" checks out that item alone and leaves the cart as it was', async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    const mug = await apiProduct(request, 'porcelain-mug', 'uz');
    const kettle = await apiProduct(request, 'whistling-kettle', 'uz');
    const buyable = kettle.variants.find((v) => v.in_stock && v.quantity > 1);
    if (!buyable) throw new Error('no buyable kettle');

    // In the cart already: one mug.
    await openScreen(page, `/uz/products/${mug.slug}`, 'uz');
    await expect(page.getByRole('heading', { level: 1, name: mug.name })).toBeVisible();
    await pressMainButton(page);
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    const cartBefore = await storedCart(page);

    // Signed in, so checkout opens at once.
    await page.goto('/uz/sign-in');
    await completeSignIn(page, phone, 'uz');
    await expect(page).not.toHaveURL(/sign-in/);

    await page.goto(`/uz/products/${kettle.slug}`);
    await page.getByRole('radio', { name: buyable.attributes[0]?.value, exact: true }).check();
    await page.getByRole('button', { name: 'Miqdorni oshirish' }).click();
    await page.getByRole('button', { name: 'Bir klikda xarid qilish' }).click();
    await expect(page).toHaveURL(/\/uz\/checkout$/);
    await expect(
      page.getByText('Bu mahsulotni bir klikda xarid qilyapsiz: savatingiz oʻzgarmaydi.'),
    ).toBeVisible();
    await expect(main(page).getByText(kettle.name).first()).toBeVisible();
    await expect(main(page).getByText(mug.name)).toHaveCount(0);
    const oneClick = await page.evaluate(() => sessionStorage.getItem('oneClickBuyItem'));
    expect(JSON.parse(oneClick ?? 'null')).toMatchObject({
      slug: kettle.slug,
      product_id: buyable.product_id,
      quantity: 2,
    });
    expect(await storedCart(page)).toEqual(cartBefore);
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Buyurtma berish');
  });

  test('/brands (uz): every brand with its count, each leading to its products', async ({
    page,
    request,
  }) => {
    const { facets } = await apiProducts(request, { per_page: 1 }, 'uz');
    await openScreen(page, '/uz/brands', 'uz');
    const links = main(page).getByRole('link', { name: /Mahsulotlar: \d+$/ });
    await expect(links).toHaveCount(facets.brands.length);
    for (const brand of facets.brands) {
      await expect(
        main(page).getByRole('link', {
          name: new RegExp(`^${escapeRegExp(brand.name)}\\s*Mahsulotlar: ${brand.count}$`),
        }),
      ).toHaveAttribute('href', `/uz/products?brands=${brand.slug}`);
    }
    const brand = facets.brands.at(-1);
    if (!brand) throw new Error('no brands');
    await main(page)
      .getByRole('link', { name: new RegExp(`^${escapeRegExp(brand.name)}\\s`) })
      .click();
    await expect(page).toHaveURL(endsWith(`/uz/products?brands=${brand.slug}`));
    // The brand list stays on screen while the listing's code loads; two brands may have the
    // same count, so the count is looked for once the list has gone.
    await expect(links).toHaveCount(0);
    await expect(main(page).getByText(`Mahsulotlar: ${brand.count}`)).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Filtrni olib tashlash: ${brand.name}` }),
    ).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/uz\/brands$/);
  });

  // Suggestions, results and "Nothing found" are component tests
  // (webapp/src/features/catalog/search/search-box.test.tsx); here the Search tab and the
  // BackButton around them.
  test('search (ru): the Search tab on every screen focuses the box; the BackButton returns to the results', async ({
    page,
  }) => {
    await openScreen(page, '/ru/about', 'ru');
    const tabs = page.getByRole('navigation', { name: 'Основная навигация' });
    for (const path of ['/ru/about', '/ru/markets', '/ru/brands', '/ru/blogs', '/ru/cart']) {
      await page.goto(path);
      await expect(tabs.getByRole('link', { name: 'Поиск' }), path).toBeVisible();
    }
    await tabs.getByRole('link', { name: 'Поиск' }).click();
    const box = page.getByRole('searchbox', { name: 'Поиск' });
    await expect(box).toBeFocused();

    await box.fill('казан');
    await box.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Результаты по запросу «казан»' }),
    ).toBeVisible();
    const results = cardLinks(main(page).getByRole('list', { name: 'Результаты поиска' }));
    const hit = await results.first().getAttribute('aria-label');
    await box.fill('qwxzvj');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: 'Ничего не найдено' })).toBeVisible();
    await pressBackButton(page);
    await expect(results.first()).toHaveAccessibleName(hit ?? '-');
  });

  test('/blogs and a post (ru): the list from the backend, a post, and the empty page past the end', async ({
    page,
    request,
  }) => {
    const blogs = await apiBlogs(request, 1, 'ru');
    const summary = blogs.data[0];
    if (!summary) throw new Error('no blog posts');
    const post = await apiBlog(request, summary.slug, 'ru');
    await openScreen(page, '/ru/blogs', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Блог' })).toBeVisible();
    const cards = cardLinks(main(page).getByRole('list').first());
    await expect(cards).toHaveCount(blogs.data.length);
    for (const [index, item] of blogs.data.entries()) {
      await expect(cards.nth(index)).toHaveAttribute('href', `/ru/blogs/${item.slug}`);
      await expect(cards.nth(index)).toContainText(item.title);
    }
    await expect(cards.first().locator('time')).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}/);

    await cards.first().click();
    await expect(page).toHaveURL(endsWith(`/ru/blogs/${post.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(main(page).getByText(firstParagraph(post.body))).toBeVisible();
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/ru\/blogs$/);

    await page.goto(`/ru/blogs?page=${blogs.meta.last_page + 1}`);
    await expect(page.getByRole('heading', { name: 'Пока нет записей' })).toBeVisible();
    await main(page).getByRole('link', { name: 'На первую страницу' }).click();
    await expect(page).toHaveURL(/\/ru\/blogs$/);
    await expect(cards.first()).toContainText(summary.title);
  });

  test('/pages and the six info pages (en): the backend’s titles and texts, BackButton to the list', async ({
    page,
    request,
  }) => {
    const routes = {
      about: '/en/about',
      contacts: '/en/contacts',
      delivery: '/en/delivery',
      'how-to-buy': '/en/how-to-buy',
      'public-offer': '/en/public-offer',
      return: '/en/return',
    } as const;
    await openScreen(page, '/en/pages', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Information' })).toBeVisible();
    for (const [slug, path] of Object.entries(routes) as [keyof typeof routes, string][]) {
      const content = await apiInfoPage(request, slug, 'en');
      const link = main(page).getByRole('link', { name: content.title, exact: true });
      await expect(link).toHaveAttribute('href', path);
      await link.click();
      await expect(page).toHaveURL(endsWith(path));
      await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
      await expect(main(page).getByText(firstParagraph(content.body))).toBeVisible();
      await pressBackButton(page);
      await expect(page).toHaveURL(/\/en\/pages$/);
    }
  });

  test('/markets without a map key (uz): three shops with address, hours, phone and map links', async ({
    page,
    request,
  }) => {
    const yandex: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('yandex')) yandex.push(r.url());
    });
    const stores = await apiStores(request, 'uz');
    expect(stores).toHaveLength(3);
    await openScreen(page, '/uz/markets', 'uz');
    const shops = main(page)
      .getByRole('list', { name: 'Doʻkonlar manzillari' })
      .getByRole('listitem');
    await expect(shops).toHaveCount(3);
    for (const [index, store] of stores.entries()) {
      const shop = shops.nth(index);
      await expect(shop.getByRole('heading', { name: store.name })).toBeVisible();
      await expect(shop).toContainText(store.address);
      await expect(shop).toContainText(store.hours);
      await expect(shop.getByRole('link', { name: store.phone })).toHaveAttribute(
        'href',
        `tel:${store.phone.replace(/[^\d+]/g, '')}`,
      );
      const mapLink = shop.getByRole('link', { name: `Xaritada ochish: ${store.name}` });
      await expect(mapLink).toHaveAttribute(
        'href',
        `https://yandex.uz/maps/?pt=${store.location.lng},${store.location.lat}&z=16&l=map`,
      );
      await expect(mapLink).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByRole('region', { name: 'Doʻkonlarimiz xaritasi' })).toHaveCount(0);
    expect(yandex).toEqual([]);
  });

  test('pictures (en): sized, with responsive sources, and below the fold fetched only when near', async ({
    page,
    request,
  }) => {
    const requested = new Set<string>();
    page.on('request', (r) => requested.add(new URL(r.url()).pathname));
    const attributes = (images: Locator) =>
      images.evaluateAll((list) =>
        (list as HTMLImageElement[]).map((img) => ({
          src: img.getAttribute('src') ?? '',
          width: Number(img.getAttribute('width')),
          height: Number(img.getAttribute('height')),
          srcset: img.getAttribute('srcset') ?? '',
          sizes: img.getAttribute('sizes') ?? '',
          loading: img.getAttribute('loading'),
        })),
      );
    const responsive = (image: Awaited<ReturnType<typeof attributes>>[number]) => {
      expect(image.width, image.src).toBeGreaterThan(0);
      expect(image.height, image.src).toBeGreaterThan(0);
      expect(image.srcset, image.src).toBe(`${image.src} ${image.width}w`);
      expect(image.sizes, image.src).toMatch(/\d+(px|vw)$/);
    };

    // Home: the first banner and the first cards eager, everything after them lazy.
    await openScreen(page, '/en', 'en');
    const bannerImages = main(page).getByRole('region', { name: 'Offers' }).locator('img');
    // The app reports ready before the slides' answer arrives: wait for them, then read.
    await expect(bannerImages.nth(1)).toBeAttached();
    const banners = await attributes(bannerImages);
    expect(banners.length).toBeGreaterThan(1);
    banners.forEach(responsive);
    expect(banners.map((image) => image.loading)).toEqual(
      banners.map((_, index) => (index === 0 ? 'eager' : 'lazy')),
    );
    const firstRowImages = main(page).locator('.home-section').first().locator('img');
    await expect(firstRowImages.nth(2)).toBeAttached();
    const firstRow = await attributes(firstRowImages);
    firstRow.forEach(responsive);
    expect(firstRow.slice(2).every((image) => image.loading === 'lazy')).toBe(true);

    // A long list: three pages of cards, of which only the first two are eager.
    const { meta } = await apiProducts(request, { per_page: 1 });
    const shown = Math.min(60, meta.total);
    await page.goto('/en/products?page=3');
    const images = main(page).getByRole('list', { name: 'All products' }).locator('img');
    await expect(images).toHaveCount(shown);
    const cards = await attributes(images);
    cards.forEach(responsive);
    expect(cards.map((image) => image.loading)).toEqual(
      cards.map((_, index) => (index < 2 ? 'eager' : 'lazy')),
    );

    // Chromium really waits: the last card's picture, screens below, is fetched only when near.
    await expect
      .poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete))
      .toBe(true);
    const last = cards.at(-1)?.src ?? '-';
    expect(requested.has(last)).toBe(false);
    await images.last().scrollIntoViewIfNeeded();
    await expect.poll(() => requested.has(last)).toBe(true);
    await expect
      .poll(() => images.last().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the language switch (en → ru → uz → en) keeps the shopper on the same product', async ({
    page,
    request,
  }) => {
    const slug = 'porcelain-mug';
    const names = {
      en: (await apiProduct(request, slug, 'en')).name,
      ru: (await apiProduct(request, slug, 'ru')).name,
      uz: (await apiProduct(request, slug, 'uz')).name,
    };
    await openScreen(page, `/en/products/${slug}`, 'en');
    const footer = page.getByRole('contentinfo');
    const steps = [
      { from: 'Language', to: 'Русский', lang: 'ru' },
      { from: 'Язык', to: 'Oʻzbekcha', lang: 'uz' },
      { from: 'Til', to: 'English', lang: 'en' },
    ] as const;
    for (const step of steps) {
      await footer.getByRole('button', { name: step.from, exact: true }).click();
      await page.getByRole('menuitemradio', { name: step.to }).click();
      await expect(page).toHaveURL(endsWith(`/${step.lang}/products/${slug}`));
      await expect(
        page.getByRole('heading', { level: 1, name: names[step.lang], exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
    }
  });
});

/** A screen, the backend call it waits for, and what it shows once the answer is in. */
interface LoadingCase {
  name: string;
  path: string;
  lang: Language;
  call: RegExp;
  loaded: (page: Page) => Locator;
  /**
   * Reached by a tap on `link` from `path` rather than loaded directly: a direct load of this
   * page draws from the data the server wrote into it (first-paint.spec) and makes no call.
   */
  via?: { path: string; link: (page: Page) => Locator };
}

const LOADING_CASES: LoadingCase[] = [
  {
    // Opened directly, home comes with its rows in the page (first paint): reached from another
    // page, it asks for them.
    name: 'home, reached from the catalogue,',
    path: '/en',
    lang: 'en',
    call: /\/resources\/home$/,
    loaded: (page) => main(page).getByRole('region', { name: 'New arrivals' }),
    via: {
      path: '/en/catalog',
      link: (page) =>
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Home', exact: true }),
    },
  },
  {
    // Opened directly, a listing comes with its first page in the page (first paint): reached
    // from home, it asks for it.
    name: '/products, reached from home,',
    path: '/ru/products',
    lang: 'ru',
    call: /\/resources\/products$/,
    loaded: (page) => cardLinks(main(page).getByRole('list', { name: 'Все товары' })).first(),
    via: {
      path: '/ru',
      link: (page) => main(page).getByRole('link', { name: 'Все: Новинки' }),
    },
  },
  {
    name: '/products/{slug}',
    path: '/uz/products/porcelain-mug',
    lang: 'uz',
    call: /\/resources\/product\/porcelain-mug/,
    loaded: (page) => page.getByRole('heading', { level: 1 }),
    via: {
      path: '/uz/products?q=krujka',
      link: (page) =>
        main(page)
          .getByRole('link', { name: /Chinni krujka 350 ml/ })
          .first(),
    },
  },
  {
    name: '/catalog',
    path: '/en/catalog',
    lang: 'en',
    call: /\/resources\/categories$/,
    loaded: (page) => main(page).getByRole('link', { name: /^Kitchen/ }),
  },
  {
    name: '/categories',
    path: '/ru/categories',
    lang: 'ru',
    call: /\/resources\/categories$/,
    loaded: (page) => main(page).getByRole('link', { name: 'Кухня', exact: true }),
  },
  {
    name: '/brands',
    path: '/uz/brands',
    lang: 'uz',
    call: /\/resources\/products$/,
    loaded: (page) => main(page).getByRole('link', { name: /^Chinnigar/ }),
  },
  {
    name: 'search results',
    path: '/en/products?q=kazan',
    lang: 'en',
    call: /\/resources\/products\/search\?/,
    loaded: (page) => main(page).getByRole('link', { name: /Cast-iron kazan/ }),
  },
  {
    name: '/blogs',
    path: '/ru/blogs',
    lang: 'ru',
    call: /\/api\/content\/blogs(\?|$)/,
    loaded: (page) => cardLinks(main(page).getByRole('list').first()).first(),
  },
  {
    name: 'an info page',
    path: '/uz/delivery',
    lang: 'uz',
    call: /\/api\/content\/pages\/delivery$/,
    loaded: (page) => main(page).locator('.prose p').first(),
  },
  {
    name: '/markets',
    path: '/en/markets',
    lang: 'en',
    call: /\/api\/store\/stores$/,
    loaded: (page) => main(page).getByRole('list', { name: 'Shop addresses' }),
  },
];

test.describe('loading states inside Telegram: skeletons, never a blank screen', () => {
  for (const screen of LOADING_CASES) {
    test(`${screen.name} (${screen.lang}) shows a skeleton while its call is on the way`, async ({
      page,
    }) => {
      const held = await holdRequests(page, screen.call);
      if (screen.via) {
        await openScreen(page, screen.via.path, screen.lang);
        await screen.via.link(page).click();
      } else {
        await openScreen(page, screen.path, screen.lang);
      }
      await expect.poll(() => held.count()).toBeGreaterThan(0);
      const skeletons = main(page).locator('.skeleton');
      await expect(skeletons.first()).toBeVisible();
      await expect(screen.loaded(page)).toHaveCount(0);
      held.release();
      await expect(screen.loaded(page)).toBeVisible();
      await expect(skeletons).toHaveCount(0);
    });
  }
});

test.describe('/markets with a Yandex Maps key (a server started with YANDEX_MAPS_API_KEY)', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E_MAPS_PORT}` });

  test('ru: the key from the server loads the Russian-language map of the three shops, over the list', async ({
    page,
    request,
  }) => {
    const stores = await apiStores(request, 'ru');
    const yandex = await standInYandexMaps(page);
    await openScreen(page, '/ru/markets', 'ru');
    const map = page.getByRole('region', { name: 'Карта наших магазинов' });
    await expect(map).toHaveAttribute('aria-busy', 'false');
    await expect(map.locator('.stand-in-placemark')).toHaveText(stores.map((s) => s.name));
    const box = await map.boundingBox();
    expect(box?.height ?? 0, 'the map has room of its own').toBeGreaterThan(150);

    expect(yandex.requested).toHaveLength(1);
    const script = yandex.requested[0];
    expect(script?.pathname).toBe('/2.1/');
    expect(script?.searchParams.get('lang')).toBe('ru_RU');
    expect(script?.searchParams.get('apikey')).toBe(TEST_YANDEX_MAPS_KEY);
    const state = await standInMapState(page);
    expect(state?.maps).toHaveLength(1);
    expect(state?.placemarks.map((p) => p.coordinates)).toEqual(
      stores.map((s) => [s.location.lat, s.location.lng]),
    );
    expect(state?.bounds).not.toBeNull();

    // The list stays under the map, with its own way to each shop on a map.
    await expect(
      main(page).getByRole('list', { name: 'Адреса магазинов' }).getByRole('listitem'),
    ).toHaveCount(3);
    await expect(main(page).getByRole('link', { name: /^Открыть на карте: / })).toHaveCount(3);
  });
});
