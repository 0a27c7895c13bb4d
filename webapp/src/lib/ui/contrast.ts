/** An sRGB colour as 0–255 channels. */
export type Rgb = readonly [number, number, number];

/** WCAG 2 AA for normal-size text: the floor every text colour of the app keeps. */
export const MIN_TEXT_CONTRAST = 4.5;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** '#rrggbb' or '#rgb' (any case, surrounding space allowed); null for anything else. */
export function parseHexColor(text: string): Rgb | null {
  const value = text.trim().toLowerCase();
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(value);
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  const [, red, green, blue] = long ?? short?.map((digit) => digit.repeat(2)) ?? [];
  if (red === undefined || green === undefined || blue === undefined) return null;
  return [parseInt(red, 16), parseInt(green, 16), parseInt(blue, 16)];
}

export function toHexColor(rgb: Rgb): `#${string}` {
  const hex = rgb.map((channel) =>
    Math.round(Math.min(255, Math.max(0, channel)))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${hex.join('')}`;
}

/** WCAG 2 relative luminance. */
export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2 contrast ratio, 1 to 21, the same whichever colour is the text. */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * `color-mix(in srgb, first <weight>, second)` with `weight` from 0 to 1; also what a colour at
 * opacity `weight` looks like painted over `second`, as the browser composites in sRGB.
 */
export function mixRgb(first: Rgb, second: Rgb, weight: number): Rgb {
  return [
    first[0] * weight + second[0] * (1 - weight),
    first[1] * weight + second[1] * (1 - weight),
    first[2] * weight + second[2] * (1 - weight),
  ];
}

function lowestContrast(color: Rgb, against: readonly Rgb[]): number {
  return Math.min(...against.map((background) => contrastRatio(color, background)));
}

/**
 * `color` itself when it reads at `minimum` against every colour of `against`; otherwise the
 * closest shade of it (mixed towards black or towards white, whichever needs less) that does, so
 * a theme keeps its hue. Where no shade does (backgrounds far apart in lightness), the shade with
 * the best worst-case contrast.
 */
export function ensureContrast(
  color: Rgb,
  against: readonly Rgb[],
  minimum: number = MIN_TEXT_CONTRAST,
): Rgb {
  return ensureContrastWith(color, () => against, minimum);
}

/**
 * As ensureContrast, for backgrounds that depend on the shade tried: a text on a tint of its own
 * colour (a red message in a pale red box) darkens its box as it darkens itself.
 */
export function ensureContrastWith(
  color: Rgb,
  againstOf: (shade: Rgb) => readonly Rgb[],
  minimum: number = MIN_TEXT_CONTRAST,
): Rgb {
  const worst = (shade: Rgb) => {
    const against = againstOf(shade);
    return against.length === 0 ? Infinity : lowestContrast(shade, against);
  };
  if (worst(color) >= minimum) return color;
  let best = color;
  let bestContrast = worst(color);
  // 1% steps: fine enough that the shade found is barely past the minimum.
  for (let step = 1; step <= 100; step += 1) {
    for (const target of [BLACK, WHITE]) {
      const shade = mixRgb(target, color, step / 100);
      const contrast = worst(shade);
      if (contrast >= minimum) return roundRgb(shade, againstOf, minimum);
      if (contrast > bestContrast) {
        best = shade;
        bestContrast = contrast;
      }
    }
  }
  return best;
}

/** Whole channels (what '#rrggbb' can say), nudged if rounding lost the last bit of contrast. */
function roundRgb(shade: Rgb, againstOf: (shade: Rgb) => readonly Rgb[], minimum: number): Rgb {
  const worst = (candidate: Rgb) => lowestContrast(candidate, againstOf(candidate));
  const rounded = mapChannels(shade, Math.round);
  if (worst(rounded) >= minimum) return rounded;
  const darker = mapChannels(shade, (channel) => Math.max(0, Math.floor(channel)));
  const lighter = mapChannels(shade, (channel) => Math.min(255, Math.ceil(channel)));
  return worst(darker) >= worst(lighter) ? darker : lighter;
}

function mapChannels(rgb: Rgb, map: (channel: number) => number): Rgb {
  return [map(rgb[0]), map(rgb[1]), map(rgb[2])];
}
