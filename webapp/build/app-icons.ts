// Vite plugin: PNG home-screen icons drawn from the SVG ones at build time. iOS ignores an SVG
// apple-touch-icon (it shows a screenshot instead) and some Android launchers want PNG sizes in
// the manifest, so each SVG is also written as the PNG sizes those ask for.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';

const ICONS_DIR = fileURLToPath(new URL('../public/icons/', import.meta.url));
/** The SVGs' own side (their viewBox), drawn at 72 dpi unless a density is given. */
const SVG_SIDE = 512;

export interface PngIcon {
  /** Where the build writes it, also its URL path without the leading slash. */
  fileName: string;
  svg: 'icon.svg' | 'maskable.svg';
  size: number;
}

export const PNG_ICONS = {
  // iOS rounds the corners itself and fills transparency with black: the full-bleed drawing.
  appleTouch: { fileName: 'icons/apple-touch-icon.png', svg: 'maskable.svg', size: 180 },
  any192: { fileName: 'icons/icon-192.png', svg: 'icon.svg', size: 192 },
  any512: { fileName: 'icons/icon-512.png', svg: 'icon.svg', size: 512 },
  maskable512: { fileName: 'icons/maskable-512.png', svg: 'maskable.svg', size: 512 },
} as const satisfies Record<string, PngIcon>;

async function drawPng(icon: PngIcon): Promise<Buffer> {
  const svg = await readFile(`${ICONS_DIR}${icon.svg}`);
  return sharp(svg, { density: (72 * icon.size) / SVG_SIDE })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export function appIcons(): Plugin {
  const icons: readonly PngIcon[] = Object.values(PNG_ICONS);
  return {
    name: 'shop-app-icons',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = icons.find(({ fileName }) => request.url === `/${fileName}`);
        if (!icon) {
          next();
          return;
        }
        drawPng(icon).then(
          (png) => {
            response.setHeader('content-type', 'image/png');
            response.end(png);
          },
          (error: unknown) => {
            next(error);
          },
        );
      });
    },
    async generateBundle() {
      for (const icon of icons) {
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: await drawPng(icon) });
      }
    },
  };
}
