/**
 * Splits a plain-text body (blog posts, info pages) into paragraphs at blank lines. The text
 * stays text: React escapes it, so no markup from the backend ever reaches the page.
 */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
