/** Telegram's setHeaderColor and friends take '#rrggbb' only. */
export type HexColor = `#${string}`;

function hexByte(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');
}

/**
 * A computed CSS colour ('rgb(18, 20, 23)', 'rgba(…, 1)', '#121417') as '#rrggbb'; null for
 * anything see-through or unparsable, which must not be painted into Telegram's own chrome.
 */
export function cssColorToHex(value: string): HexColor | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{6})$/.exec(text);
  if (hex) return `#${hex[1]}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(
    text,
  );
  if (!rgb) return null;
  const alpha = rgb[4];
  if (alpha !== undefined) {
    const opacity = alpha.endsWith('%') ? Number(alpha.slice(0, -1)) / 100 : Number(alpha);
    if (opacity < 1) return null;
  }
  return `#${hexByte(Number(rgb[1]))}${hexByte(Number(rgb[2]))}${hexByte(Number(rgb[3]))}`;
}
