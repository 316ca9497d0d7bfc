/** Characters of a search result's excerpt. */
const excerptLength = 160;

/** Markdown as a reader sees it: no marks, link and image addresses, or heading hashes; one line. */
export function markdownAsText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d{1,9}[.)])\s+/gm, '')
    .replace(/```|~~~|[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text around the first of `terms` found (lower case), or its beginning when only the name holds them. */
export function plainTextExcerpt(markdown: string, terms: readonly string[]): string {
  const text = markdownAsText(markdown);
  const lower = text.toLowerCase();
  const found = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  const at = found.length > 0 ? Math.min(...found) : 0;
  const start = Math.max(0, Math.min(at - excerptLength / 4, text.length - excerptLength));
  const piece = text.slice(start, start + excerptLength).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + excerptLength < text.length ? '…' : ''}`;
}
