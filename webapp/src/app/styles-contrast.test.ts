// Every text colour of the app against every background it is painted on, in each palette, by
// the WCAG 2 formula: the brand's light and dark palettes as styles.css declares them, and the
// palette set from Telegram's theme (the stand-in's light and dark themes the browser tests use,
// and any theme at all).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DARK_THEME, LIGHT_THEME } from '../../../tests/support/telegram-themes';
import {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  mixRgb,
  parseHexColor,
  relativeLuminance,
  toHexColor,
  type Rgb,
} from '../lib/ui/contrast';
import {
  TELEGRAM_THEME_KEYS,
  telegramPaletteTokens,
  type TelegramThemeColors,
  type TelegramThemeKey,
} from '../lib/ui/palette';
import stylesCss from './styles.css?raw';

// ---- Reading styles.css ------------------------------------------------------------------

/** The custom properties a rule declares, `--name` → its value as written. */
function customProperties(css: string, selector: string): Map<string, string> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // The rule that starts a line with exactly this selector, not one that merely ends with it.
  const start = `\n${withoutComments}`.indexOf(`\n${selector} {`);
  if (start === -1) throw new Error(`styles.css has no rule ${selector}`);
  const body = withoutComments.slice(
    withoutComments.indexOf('{', start) + 1,
    withoutComments.indexOf('}', start),
  );
  const properties = new Map<string, string>();
  for (const declaration of body.split(';')) {
    const [, name, value] = /^\s*(--[\w-]+)\s*:\s*([\s\S]+?)\s*$/.exec(declaration) ?? [];
    if (name && value) properties.set(name, value.replace(/\s+/g, ' '));
  }
  return properties;
}

interface Paint {
  rgb: Rgb;
  alpha: number;
}

/** Splits `a, b(c, d), e` at its top-level commas. */
function topLevelArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

/**
 * A CSS colour value as the browser computes it, for the subset styles.css uses: #hex,
 * `transparent`, `var(--x, fallback)` and `color-mix(in srgb, a p%, b)`.
 */
function evaluate(value: string, variables: ReadonlyMap<string, string>): Paint {
  const text = value.trim();
  if (text === 'transparent') return { rgb: [0, 0, 0], alpha: 0 };
  const hex = parseHexColor(text);
  if (hex) return { rgb: hex, alpha: 1 };
  const [, fn = '', args = ''] = /^([\w-]+)\(([\s\S]*)\)$/.exec(text) ?? [];
  if (fn === 'var') {
    const [name = '', ...fallback] = topLevelArguments(args);
    const declared = variables.get(name);
    if (declared !== undefined) return evaluate(declared, variables);
    if (fallback.length === 0) throw new Error(`${name} is not declared`);
    return evaluate(fallback.join(', '), variables);
  }
  if (fn === 'color-mix') {
    const [space, first = '', second = ''] = topLevelArguments(args);
    if (space !== 'in srgb') throw new Error(`Unsupported colour space: ${value}`);
    const [, firstColour, percent] = /^([\s\S]+?)\s+([\d.]+)%$/.exec(first) ?? [];
    if (!firstColour || !percent) throw new Error(`Unsupported color-mix: ${value}`);
    const weight = Number(percent) / 100;
    const a = evaluate(firstColour, variables);
    const b = evaluate(second, variables);
    // Premultiplied, as CSS Color 5 mixes: a colour mixed with transparent keeps its hue.
    const alpha = a.alpha * weight + b.alpha * (1 - weight);
    if (alpha === 0) return { rgb: [0, 0, 0], alpha: 0 };
    const aWeight = (a.alpha * weight) / alpha;
    return { rgb: mixRgb(a.rgb, b.rgb, aWeight), alpha };
  }
  throw new Error(`Unsupported colour: ${value}`);
}

/** Layers painted bottom to top, the bottom one opaque (a page background). */
function composite(layers: readonly Paint[]): Rgb {
  let result: Rgb = [255, 255, 255];
  for (const layer of layers) result = mixRgb(layer.rgb, result, layer.alpha);
  return result;
}

// ---- What is painted on what ---------------------------------------------------------------

const PAGE_BACKGROUNDS = ['var(--app-bg)', 'var(--app-surface)', 'var(--app-muted-bg)'];

function onPageAndTint(tint: string): string[][] {
  return PAGE_BACKGROUNDS.flatMap((page) => [[page], [page, tint]]);
}

/** Each text colour and the stacks of backgrounds (bottom first) the stylesheets put it on. */
const TEXT_ON_BACKGROUNDS: readonly { text: string; on: readonly (readonly string[])[] }[] = [
  { text: 'var(--app-text)', on: PAGE_BACKGROUNDS.map((page) => [page]) },
  { text: 'var(--app-hint)', on: PAGE_BACKGROUNDS.map((page) => [page]) },
  // Links and accent text, also on the accent's tint (secondary buttons, chips, icons' circles).
  { text: 'var(--app-link)', on: onPageAndTint('var(--app-accent-soft)') },
  { text: 'var(--app-accent-text)', on: onPageAndTint('var(--app-accent-soft)') },
  { text: 'var(--app-accent-contrast)', on: [['var(--app-accent)']] },
  { text: 'var(--app-danger)', on: onPageAndTint('var(--app-danger-soft)') },
  { text: 'var(--app-danger-contrast)', on: [['var(--app-danger)']] },
  { text: 'var(--app-sale)', on: PAGE_BACKGROUNDS.map((page) => [page]) },
  { text: 'var(--app-sale-contrast)', on: [['var(--app-sale-fill)']] },
  { text: 'var(--app-success)', on: onPageAndTint('var(--app-success-soft)') },
  { text: 'var(--app-warning)', on: onPageAndTint('var(--app-warning-soft)') },
  // Toasts: the page's colour on a panel of the text colour.
  { text: 'var(--app-bg)', on: [['var(--app-text)']] },
];

interface Shortfall {
  text: string;
  on: string;
  ratio: number;
}

function shortfalls(variables: ReadonlyMap<string, string>): Shortfall[] {
  const found: Shortfall[] = [];
  for (const { text, on } of TEXT_ON_BACKGROUNDS) {
    const foreground = evaluate(text, variables);
    for (const stack of on) {
      const background = composite(stack.map((layer) => evaluate(layer, variables)));
      const ratio = contrastRatio(
        composite([{ rgb: background, alpha: 1 }, foreground]),
        background,
      );
      if (ratio < MIN_TEXT_CONTRAST) {
        found.push({ text, on: stack.join(' under '), ratio: Math.round(ratio * 100) / 100 });
      }
    }
  }
  return found;
}

const BODY = customProperties(stylesCss, 'body');

/** The brand palette chosen by <html data-theme>: its rule on body wins over body's own. */
function brandPalette(theme: 'light' | 'dark'): Map<string, string> {
  return new Map([...BODY, ...customProperties(stylesCss, `html[data-theme='${theme}'] body`)]);
}

/**
 * Inside Telegram: the SDK's --tg-theme-* (inherited from <html>) under body's rule, and the
 * tokens the app sets on <body> itself from the theme (use-telegram-palette.ts).
 */
function telegramPalette(
  theme: TelegramThemeColors,
  tokens: Record<string, string> = telegramPaletteTokens(theme),
): Map<string, string> {
  const inherited = new Map<string, string>();
  for (const [key, value] of Object.entries(theme)) {
    inherited.set(`--tg-theme-${key.replaceAll('_', '-')}`, value);
  }
  return new Map([...inherited, ...BODY, ...Object.entries(tokens)]);
}

describe('text contrast (WCAG 2, at least 4.5:1)', () => {
  it.each(['light', 'dark'] as const)('holds in the brand %s palette', (theme) => {
    expect(shortfalls(brandPalette(theme))).toEqual([]);
  });

  it.each([
    ['light', LIGHT_THEME],
    ['dark', DARK_THEME],
  ] as const)("holds in Telegram's %s theme", (_name, theme) => {
    expect(shortfalls(telegramPalette(theme))).toEqual([]);
  });

  it("shades Telegram's colours only where they read too faintly", () => {
    // Telegram's night theme: white on its light blue button reads at 3.3:1, so the button
    // darkens and its text stays white; text and hints on the dark page read well and stay.
    const dark = telegramPaletteTokens(DARK_THEME);
    expect(dark['--app-text']).toBe('#ffffff');
    expect(dark['--app-hint']).toBe('#aaaaaa');
    expect(dark['--app-accent-contrast']).toBe('#ffffff');
    const luminance = (hex: string) => relativeLuminance(parseHexColor(hex) ?? [0, 0, 0]);
    expect(luminance(dark['--app-accent'])).toBeLessThan(luminance(DARK_THEME.button_color));
    // Taken raw, the theme would fail: the tokens above are what makes it pass.
    expect(shortfalls(telegramPalette(DARK_THEME, {})).length).toBeGreaterThan(0);
  });

  it('holds in any Telegram theme, malformed values included', () => {
    const colour = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((rgb) => toHexColor(rgb));
    const value = fc.oneof(
      { weight: 8, arbitrary: colour },
      { weight: 1, arbitrary: fc.constantFrom('', 'red', '#12', 'rgb(1, 2, 3)') },
    );
    const theme = fc.record(
      Object.fromEntries(TELEGRAM_THEME_KEYS.map((key) => [key, value])) as Record<
        TelegramThemeKey,
        fc.Arbitrary<string>
      >,
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(theme, (params) => {
        // Only well-formed colours reach the page: the SDK binds what parses as a colour.
        const bound = Object.fromEntries(
          Object.entries(params).filter(([, v]) => parseHexColor(v) !== null),
        );
        expect(shortfalls(telegramPalette(bound, telegramPaletteTokens(params)))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
