import { useLayoutEffect } from 'react';
import { telegramPaletteOfPage } from '../telegram';

/**
 * With Telegram's own palette (`palette` 'telegram'), sets the app's colour tokens on <body>
 * from Telegram's theme, shaded where they would read under 4.5:1 (palette.ts), and again
 * whenever the SDK binds a new theme. Any other palette is the brand's, declared in styles.css.
 */
export function useTelegramPalette(palette: string): void {
  // Before paint, and before the effects that read the page's colours back (Telegram's chrome).
  useLayoutEffect(() => {
    if (palette !== 'telegram') return;
    const body = document.body;
    let applied: string[] = [];
    const apply = () => {
      const tokens = telegramPaletteOfPage();
      for (const [name, value] of Object.entries(tokens)) body.style.setProperty(name, value);
      applied = Object.keys(tokens);
    };
    apply();
    // The SDK rewrites --tg-theme-* in <html>'s style attribute when Telegram sends a new theme.
    const observer = new MutationObserver(apply);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    return () => {
      observer.disconnect();
      for (const name of applied) body.style.removeProperty(name);
    };
  }, [palette]);
}
