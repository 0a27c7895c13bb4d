// The build's index.html, written for one page: its language, manifest and head tags, and what
// the root element holds until the app renders.
import { webManifestPath, type Language } from '@shop/shared';

/**
 * index.html with the page's language, its own title and description (the build's generic ones
 * removed, so there is one of each) and `tags` at the end of `<head>`.
 */
export function injectIntoIndex(html: string, language: Language, tags: string): string {
  // The page's language for screen readers and search engines before the app sets it itself.
  const withLanguage = html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang\s*=/i.test(tag)
      ? tag.replace(/(\slang\s*=\s*)(["'])[^"']*\2/i, `$1$2${language}$2`)
      : tag.replace(/^<html/i, `<html lang="${language}"`),
  );
  // The installed app opens in the language it was installed from: link that language's manifest.
  const withManifest = withLanguage.replace(
    /(<link\b[^>]*\brel\s*=\s*["']manifest["'][^>]*\bhref\s*=\s*["'])[^"']*/i,
    `$1${webManifestPath(language)}`,
  );
  const close = withManifest.search(/<\/head>/i);
  if (close === -1) return withManifest;
  const head = withManifest
    .slice(0, close)
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/gi, '')
    .replace(/<meta\b[^>]*\bname\s*=\s*["']description["'][^>]*>\s*/gi, '');
  return `${head}  ${tags}\n  ${withManifest.slice(close)}`;
}

/** index.html with `content` inside the root element and `after` right behind it. */
export function fillRoot(html: string, content: string, after: string): string {
  return html.replace(
    /(<div\s+id\s*=\s*["']root["'][^>]*>)\s*(<\/div>)/i,
    (_match, open: string, close: string) => `${open}${content}${close}${after}`,
  );
}
