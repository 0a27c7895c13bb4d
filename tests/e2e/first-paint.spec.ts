// A product or blog page draws its product or post from the data the server wrote
// into the HTML (dehydrated query state), with no request for it; and before the app's code has
// run, the page already shows a grey outline of itself under the shop's header, which stands
// where the app then draws it (Telegram's own header takes its place there).
import { expect, test, type Page } from '@playwright/test';
import { CALLS, callPath, formatMoney, LANGUAGES, type Language } from '@shop/shared';
import {
  apiBlog,
  apiBlogs,
  apiHome,
  apiProduct,
  apiProducts,
  apiSlides,
} from '../support/shop-api';
import { openInTelegram } from '../support/telegram';
import { DARK_THEME } from '../support/telegram-themes';

/** `#rrggbb` as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Holds the app's entry script until `release` is called: the page is the server's HTML alone. */
async function holdAppCode(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Every request for `path` fails, and is counted: the page must not need it. */
async function refuse(page: Page, path: string): Promise<() => number> {
  let asked = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      asked += 1;
      await route.abort('failed');
    },
  );
  return () => asked;
}

async function someProductSlug(request: Parameters<typeof apiProducts>[0]): Promise<string> {
  const list = await apiProducts(request, {});
  const slug = list.data.find((product) => product.old_price !== null)?.slug ?? list.data[0]?.slug;
  if (!slug) throw new Error('The demo seed has no products');
  return slug;
}

test.describe('first paint without a round-trip for data', () => {
  for (const lang of LANGUAGES) {
    test(`a product page shows its name and price with its API call refused (${lang})`, async ({
      page,
      request,
    }) => {
      const slug = await someProductSlug(request);
      const product = await apiProduct(request, slug, lang);
      const asked = await refuse(page, callPath(CALLS.product.path, { slug }));

      await page.goto(`/${lang}/products/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(
        page.locator('.product__price-row').getByText(formatMoney(product.price, lang)).first(),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /./ }).first()).toBeVisible();
      expect(asked()).toBe(0);
    });
  }

  test('a blog post shows its title and text with its API call refused', async ({
    page,
    request,
  }) => {
    const [summary] = (await apiBlogs(request, 1)).data;
    if (!summary) throw new Error('The demo seed has no blog posts');
    for (const lang of ['ru', 'uz'] as const satisfies readonly Language[]) {
      const post = await apiBlog(request, summary.slug, lang);
      const asked = await refuse(page, callPath(CALLS.blog.path, { slug: summary.slug }));
      await page.goto(`/${lang}/blogs/${summary.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
      const firstParagraph = post.body.split(/\n\s*\n/)[0]?.trim() ?? '';
      await expect(page.locator('.prose p').first()).toHaveText(firstParagraph);
      expect(asked()).toBe(0);
      await page.unrouteAll();
    }
  });

  test('inside Telegram too: the product page draws from the page’s own data', async ({
    page,
    request,
  }) => {
    const slug = await someProductSlug(request);
    const product = await apiProduct(request, slug, 'uz');
    const asked = await refuse(page, callPath(CALLS.product.path, { slug }));
    await openInTelegram(page, `/uz/products/${slug}`, { languageCode: 'uz', colorScheme: 'dark' });
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    expect(asked()).toBe(0);
  });

  test('before the app runs, the page is already its outline with the name and photo, where the app then draws them', async ({
    page,
    request,
  }) => {
    const slug = await someProductSlug(request);
    const product = await apiProduct(request, slug, 'en');
    const [firstPhoto] = product.images;
    if (!firstPhoto) throw new Error(`The demo product ${slug} has no photo`);
    // The app's code is held back: what shows is the server's HTML alone.
    const { release } = await holdAppCode(page);
    await page.goto(`/en/products/${slug}`, { waitUntil: 'commit' });
    const picture = page.locator('#root .first-paint__picture');
    await expect(picture).toBeVisible();
    const box = await picture.boundingBox();
    // The gallery's square, edge to edge on a phone, as the product page draws it.
    expect(box?.width).toBe(page.viewportSize()?.width);
    expect(box?.height).toBeCloseTo(box?.width ?? 0, 0);
    // The largest things on the first screen are in the HTML: the name and the first photo.
    const name = page.locator('#root .first-paint .product__name');
    await expect(name).toHaveText(product.name);
    const photo = picture.locator('img');
    await expect(photo).toHaveAttribute('src', firstPhoto.url);
    await expect(page.locator('#root .first-paint__brand')).toBeVisible();
    const before = { name: await name.boundingBox(), photo: await photo.boundingBox() };

    release();
    const heading = page.getByRole('heading', { level: 1, name: product.name });
    await expect(heading).toBeVisible();
    await expect(page.locator('.first-paint')).toHaveCount(0);
    const after = {
      name: await heading.boundingBox(),
      photo: await page.locator('.gallery__image').first().boundingBox(),
    };
    // The same boxes, to the pixel (layout may round a fraction differently).
    for (const key of ['name', 'photo'] as const) {
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(after[key]?.[side], `${key} ${side}`).toBeCloseTo(before[key]?.[side] ?? NaN, 0);
      }
    }
  });

  for (const { name, path } of [
    { name: 'home', path: '/en' },
    { name: 'a listing', path: '/en/products?category=cookware' },
    { name: 'the cart', path: '/ru/cart' },
  ]) {
    test(`before the app runs, ${name} shows the shop's header where the app then draws it`, async ({
      page,
    }) => {
      const { release } = await holdAppCode(page);
      await page.goto(path, { waitUntil: 'commit' });
      const outlined = page.locator('#root .first-paint-header');
      // Words on screen before any script: the shop's name.
      await expect(outlined.locator('.logo__text')).toHaveText('Uy Shop');
      const before = {
        header: await outlined.boundingBox(),
        name: await outlined.locator('.logo__text').boundingBox(),
      };

      release();
      await expect(outlined).toHaveCount(0);
      const header = page.getByRole('banner');
      await expect(header.getByRole('searchbox')).toBeVisible();
      const after = {
        header: await header.boundingBox(),
        name: await header.locator('.logo__text').boundingBox(),
      };
      // The same place and size: nothing moves when the app takes over.
      expect(before.name).not.toBeNull();
      expect(before).toEqual(after);
    });
  }

  test('inside Telegram, whose header stands in for the shop’s, the outline draws none, in Telegram’s colours', async ({
    page,
  }) => {
    const { release } = await holdAppCode(page);
    await openInTelegram(page, '/uz', {
      languageCode: 'uz',
      colorScheme: 'dark',
      waitUntil: 'commit',
    });
    await expect(page.locator('#root .first-paint-page')).toBeAttached();
    await expect(page.locator('html')).toHaveClass(/telegram-launch/);
    await expect(page.locator('#root .first-paint-header')).toBeHidden();
    // A dark Telegram shows a dark page from the first paint, not a white one.
    const colours = () =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body);
        return { background: body.backgroundColor, text: body.color };
      });
    expect(await colours()).toEqual({
      background: rgb(DARK_THEME.bg_color),
      text: rgb(DARK_THEME.text_color),
    });
    release();
    await expect(page.locator('.first-paint-page')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('home shows its banners and rows with both API calls refused, and the first banner is in the page before the app runs', async ({
    page,
    request,
  }) => {
    const [slides, home] = await Promise.all([apiSlides(request, 'ru'), apiHome(request, 'ru')]);
    const [first] = slides;
    const firstRow = home.sections.find((section) => section.products.length > 0);
    if (!first || !firstRow) throw new Error('The demo seed has no banners or home rows');
    const askedSlides = await refuse(page, CALLS.slides.path);
    const askedHome = await refuse(page, CALLS.home.path);
    const bannerLoads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === first.image.url) bannerLoads.push(r.url());
    });
    const { release } = await holdAppCode(page);
    await page.goto('/ru', { waitUntil: 'commit' });

    // Before any script: the first banner, its picture and its title, in the carousel's place.
    const outlined = page.locator('#root .first-paint-page .slide__image');
    await expect(outlined).toHaveAttribute('src', first.image.url);
    await expect(page.locator('#root .first-paint-page .slide__title')).toHaveText(first.title);
    await expect
      .poll(() => outlined.evaluate((image: HTMLImageElement) => image.complete))
      .toBe(true);
    const before = await outlined.boundingBox();

    release();
    const offers = page.getByRole('region', { name: 'Акции' });
    const banner = offers.locator('.slide__image').first();
    await expect(banner).toHaveAttribute('src', first.image.url);
    await expect(page.locator('.first-paint-page')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: firstRow.title })).toBeVisible();
    // The app's banner has the outline's place and size, and its picture came once.
    expect(await banner.boundingBox()).toEqual(before);
    expect(bannerLoads).toHaveLength(1);
    expect(askedSlides() + askedHome()).toBe(0);
  });

  test('a listing shows its first page and category chips with both API calls refused, its first pictures asked for with the page', async ({
    page,
    request,
  }) => {
    const { data: cards } = await apiProducts(request, { category: 'cookware' }, 'ru');
    const [first] = cards;
    if (!first?.images[0]) throw new Error('The demo seed has no cookware with a picture');
    const askedProducts = await refuse(page, CALLS.products.path);
    const askedCategories = await refuse(page, CALLS.categories.path);
    const pictureAsked = page.waitForRequest(
      (r) => new URL(r.url()).pathname === first.images[0]?.url,
    );
    await page.goto('/ru/products?category=cookware');
    await pictureAsked;
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: first.name }).first()).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).not.toHaveText('');
    expect(askedProducts() + askedCategories()).toBe(0);
  });
});
