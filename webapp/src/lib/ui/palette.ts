import {
  contrastRatio,
  ensureContrast,
  ensureContrastWith,
  mixRgb,
  parseHexColor,
  toHexColor,
  type Rgb,
  MIN_TEXT_CONTRAST,
} from './contrast';

/** The Telegram theme parameters the app's colours come from, as Telegram names them. */
export const TELEGRAM_THEME_KEYS = [
  'bg_color',
  'secondary_bg_color',
  'section_bg_color',
  'text_color',
  'hint_color',
  'link_color',
  'button_color',
  'button_text_color',
  'accent_text_color',
  'destructive_text_color',
] as const;

export type TelegramThemeKey = (typeof TELEGRAM_THEME_KEYS)[number];

/** What Telegram sent: any key may be missing, any value may be something other than a colour. */
export type TelegramThemeColors = Partial<Record<TelegramThemeKey, string>>;

/** The app's text and fill tokens (styles.css) that a Telegram theme sets. */
export type TelegramPaletteTokens = Record<
  | '--app-bg'
  | '--app-surface'
  | '--app-muted-bg'
  | '--app-text'
  | '--app-hint'
  | '--app-link'
  | '--app-accent-text'
  | '--app-accent'
  | '--app-accent-contrast'
  | '--app-danger'
  | '--app-danger-contrast'
  | '--app-sale'
  | '--app-success'
  | '--app-warning',
  `#${string}`
>;

/** A parameter missing or not a colour: the brand's light colour, as styles.css falls back to. */
const FALLBACK: Record<TelegramThemeKey, Rgb> = {
  bg_color: [255, 255, 255],
  secondary_bg_color: [243, 244, 246],
  section_bg_color: [255, 255, 255],
  text_color: [21, 24, 29],
  hint_color: [99, 106, 117],
  link_color: [10, 111, 90],
  button_color: [11, 122, 99],
  button_text_color: [255, 255, 255],
  accent_text_color: [10, 111, 90],
  destructive_text_color: [187, 38, 24],
};

/** The brand's status colours, shaded for whatever background Telegram's theme has. */
const WHITE: Rgb = [255, 255, 255];
const SALE: Rgb = [200, 38, 44];
const SUCCESS: Rgb = [13, 110, 65];
const WARNING: Rgb = [163, 64, 10];

/**
 * A little above the 4.5:1 floor: the browser rounds the tints it mixes to whole channels, which
 * can take a colour found exactly at the floor just under it.
 */
const TARGET_CONTRAST = MIN_TEXT_CONTRAST + 0.1;

/** Weights of the tinted backgrounds in styles.css (--app-*-soft): text sits on them too. */
const ACCENT_SOFT = 0.12;
const DANGER_SOFT = 0.1;
const SUCCESS_SOFT = 0.12;
const WARNING_SOFT = 0.14;

/**
 * The app's colour tokens for a Telegram theme: Telegram's own colours wherever they read at
 * 4.5:1 on the page's backgrounds (and on the tints drawn from them), otherwise the nearest
 * shade that does. A user's theme can be anything (a custom one, or a client's dark theme whose
 * white button text sits on a light blue), and the shop's text stays readable on all of them.
 */
export function telegramPaletteTokens(theme: TelegramThemeColors): TelegramPaletteTokens {
  const given = (key: TelegramThemeKey): Rgb | null => {
    const value = theme[key];
    return typeof value === 'string' ? parseHexColor(value) : null;
  };
  const color = (key: TelegramThemeKey): Rgb => given(key) ?? FALLBACK[key];
  // A mid-grey page is shaded lighter or darker: tints on it leave no colour that reads.
  const bg = roundRgb(ensureContrast(color('bg_color'), [inkFor(color('bg_color'))], CLEAR_INK));
  const surface = alikeBackground(given('section_bg_color'), bg, bg);
  const muted = alikeBackground(given('secondary_bg_color'), bg, shadeOf(bg));
  const backgrounds = [bg, surface, muted];
  /** Text on the page's backgrounds, and on `tintOf` painted over each of them. */
  const readable = (text: Rgb, tintOf?: { color: Rgb; weight: number }): Rgb => {
    const tints = tintOf
      ? backgrounds.map((background) => mixRgb(tintOf.color, background, tintOf.weight))
      : [];
    return ensureContrast(text, [...backgrounds, ...tints], TARGET_CONTRAST);
  };
  /** Text tinting its own background (a red message on a pale red box). */
  const readableOnOwnTint = (text: Rgb, weight: number): Rgb =>
    ensureContrastWith(
      text,
      (shade) => [
        ...backgrounds,
        ...backgrounds.map((background) => mixRgb(shade, background, weight)),
      ],
      TARGET_CONTRAST,
    );

  const buttonText = color('button_text_color');
  const accent = ensureContrast(color('button_color'), [buttonText], TARGET_CONTRAST);
  const accentTint = { color: accent, weight: ACCENT_SOFT };
  const link = readable(color('link_color'), accentTint);
  const accentText = readable(given('accent_text_color') ?? link, accentTint);
  const danger = readableOnOwnTint(color('destructive_text_color'), DANGER_SOFT);
  return {
    '--app-bg': toHexColor(bg),
    '--app-surface': toHexColor(surface),
    '--app-muted-bg': toHexColor(muted),
    '--app-text': toHexColor(readable(color('text_color'))),
    '--app-hint': toHexColor(readable(color('hint_color'))),
    '--app-link': toHexColor(link),
    '--app-accent-text': toHexColor(accentText),
    '--app-accent': toHexColor(accent),
    '--app-accent-contrast': toHexColor(ensureContrast(buttonText, [accent], TARGET_CONTRAST)),
    '--app-danger': toHexColor(danger),
    '--app-danger-contrast': toHexColor(ensureContrast(WHITE, [danger], TARGET_CONTRAST)),
    '--app-sale': toHexColor(readable(SALE)),
    '--app-success': toHexColor(readableOnOwnTint(SUCCESS, SUCCESS_SOFT)),
    '--app-warning': toHexColor(readableOnOwnTint(WARNING, WARNING_SOFT)),
  };
}

const BLACK: Rgb = [0, 0, 0];

/** Black or white, whichever reads better on `background` (one always reads at 4.58:1 or more). */
function inkFor(background: Rgb): Rgb {
  return contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE;
}

/** A slightly darker (or, on a dark page, lighter) page colour for boxes and fields. */
function shadeOf(page: Rgb): Rgb {
  return roundRgb(mixRgb(inkFor(page), page, 0.05));
}

/**
 * How clearly black or white must read on every background (beyond WCAG AAA's 7:1): room for
 * the tints drawn on them and for a coloured text (a link, a price) that reads on all of them.
 */
const CLEAR_INK = 9;

/**
 * A section or secondary background as Telegram gave it if it is on the page's side of light
 * and dark (the ink that reads on the page reads clearly on it too); missing, or a white box on
 * a black page, `instead`: text must read on both at once.
 */
function alikeBackground(given: Rgb | null, page: Rgb, instead: Rgb): Rgb {
  if (given === null) return instead;
  return contrastRatio(inkFor(page), given) >= CLEAR_INK ? given : instead;
}

/** Whole channels, as the page will have it: text is measured against this very colour. */
function roundRgb(rgb: Rgb): Rgb {
  return [Math.round(rgb[0]), Math.round(rgb[1]), Math.round(rgb[2])];
}

/** Telegram's theme as the SDK bound it on <html> (--tg-theme-bg-color and so on). */
function boundTelegramTheme(): TelegramThemeColors {
  const style = getComputedStyle(document.documentElement);
  const theme: TelegramThemeColors = {};
  for (const key of TELEGRAM_THEME_KEYS) {
    const value = style.getPropertyValue(`--tg-theme-${key.replaceAll('_', '-')}`).trim();
    if (value) theme[key] = value;
  }
  return theme;
}

/** The app's colour tokens for the Telegram theme bound on the page now. */
export function telegramPaletteOfPage(): TelegramPaletteTokens {
  return telegramPaletteTokens(boundTelegramTheme());
}
