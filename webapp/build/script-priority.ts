// The page's first paint is the server's outline: its HTML and the stylesheets
// (bot/src/web/first-paint/). The app's code is needed only after that, so index.html asks for it at low
// priority: on a slow line the stylesheets and the pictures the page shows first (their own
// fetchpriority="high") are not queued behind a few hundred kilobytes of script.
import type { Plugin } from 'vite';

/** The entry script and the modulepreload links Vite writes, without a priority of their own. */
const APP_CODE_TAG = /<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g;

export function lowPriorityAppCode(html: string): string {
  return html.replace(APP_CODE_TAG, '<$1 fetchpriority="low"');
}

export function scriptPriority(): Plugin {
  return {
    name: 'shop:script-priority',
    apply: 'build',
    // 'post': after Vite has written the entry and its modulepreload links.
    transformIndexHtml: { order: 'post', handler: lowPriorityAppCode },
  };
}
