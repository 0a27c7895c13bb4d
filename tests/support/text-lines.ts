import type { Page } from '@playwright/test';

/** How many lines `text` takes inside `scope` (0 when it is not there). */
export function linesOf(page: Page, scope: string, text: string): Promise<number> {
  return page.evaluate(
    ({ scope, text }) => {
      const root = document.querySelector(scope);
      if (!root) return 0;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A no-break space counts as the space it stands for.
        const at = node.textContent?.replaceAll('\u00a0', ' ').indexOf(text) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }
      return 0;
    },
    { scope, text },
  );
}
