// The home-screen icon: iOS takes only a PNG apple-touch-icon and some launchers only PNG manifest
// icons, so every page links a 180×180 PNG touch icon and every language's manifest lists PNGs of
// 192 and 512 px (one maskable), each a real PNG of its stated size.
import { expect, test, type APIRequestContext } from '@playwright/test';

const PNG_SIGNATURE = '89504e470d0a1a0a';

/** A PNG's width and height, read from its IHDR chunk; fails on anything else. */
async function pngSize(request: APIRequestContext, url: string): Promise<string> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  expect(answer.headers()['content-type'], url).toBe('image/png');
  const bytes = await answer.body();
  expect(bytes.subarray(0, 8).toString('hex'), url).toBe(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString('latin1'), url).toBe('IHDR');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`/${lang} links a PNG touch icon and its manifest lists PNG icons`, async ({
    page,
    request,
  }) => {
    await page.goto(`/${lang}`);
    const touch = page.locator('link[rel="apple-touch-icon"]');
    await expect(touch).toHaveCount(1);
    await expect(touch).toHaveAttribute('sizes', '180x180');
    expect(await pngSize(request, (await touch.getAttribute('href')) ?? '')).toBe('180x180');

    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe(`/manifest.${lang}.webmanifest`);
    const manifest = (await (await request.get(manifestUrl ?? '')).json()) as {
      icons: ManifestIcon[];
    };
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) expect(await pngSize(request, icon.src)).toBe(icon.sizes);
  });
}
