/**
 * A small Markdown reader for summary pages. It builds a tree that React renders as elements, so nothing a page
 * holds can become HTML or script; links and images only keep addresses that safeLink lets through.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; link: SafeLink; children: Inline[] }
  | { type: 'image'; src: string; alt: string };

export type Block =
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' };

/**
 * Where a link of a page leads, as the browser will follow it: `path`, a path of this site (the app's
 * router follows it); `fragment`, a place on the current page; `external`, a web address of another
 * site; `mailto`, a mail address.
 */
export interface SafeLink {
  kind: 'path' | 'fragment' | 'external' | 'mailto';
  href: string;
}

/**
 * The link an address written on a page leads to, or null when it may not be a link. The address is
 * resolved by the browser's URL parser against the site's origin, as following it would: a string
 * that looks like a path may still leave the site (`/\evil.example`, `\\evil.example` and
 * `//evil.example` all lead to evil.example), and tabs or newlines inside a scheme are dropped
 * (`java\tscript:`). Only http(s), mailto and this site's paths are kept.
 */
export function safeLink(address: string, origin: string = window.location.origin): SafeLink | null {
  const trimmed = address.trim();
  if (/^#[^\s]*$/.test(trimmed)) return { kind: 'fragment', href: trimmed };
  if (!URL.canParse(trimmed, origin)) return null;
  const url = new URL(trimmed, origin);
  if (url.protocol === 'mailto:') return { kind: 'mailto', href: url.href };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === new URL(origin).origin) return { kind: 'path', href: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href: url.href };
}

/** An image's address: a web address or a path of this site, as safeLink resolves it; null otherwise. */
export function safeImageSource(address: string, origin: string = window.location.origin): string | null {
  const link = safeLink(address, origin);
  return link && (link.kind === 'path' || link.kind === 'external') ? link.href : null;
}

const headingPattern = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const rulePattern = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const bulletPattern = /^\s*[-*+]\s+(.*)$/;
const orderedPattern = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const fencePattern = /^\s*(```|~~~)/;
const quotePattern = /^\s{0,3}>\s?(.*)$/;

function startsBlock(line: string): boolean {
  return (
    headingPattern.test(line) ||
    rulePattern.test(line) ||
    bulletPattern.test(line) ||
    orderedPattern.test(line) ||
    fencePattern.test(line) ||
    quotePattern.test(line)
  );
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (!line.trim()) {
      index += 1;
      continue;
    }
    const fence = fencePattern.exec(line);
    if (fence) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').trim().startsWith(fence[1] ?? '```')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      index += 1;
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const heading = headingPattern.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]?.length ?? 1, children: parseInline(heading[2] ?? '') });
      index += 1;
      continue;
    }
    if (rulePattern.test(line)) {
      blocks.push({ type: 'rule' });
      index += 1;
      continue;
    }
    if (quotePattern.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && quotePattern.test(lines[index] ?? '')) {
        quoted.push(quotePattern.exec(lines[index] ?? '')?.[1] ?? '');
        index += 1;
      }
      blocks.push({ type: 'quote', children: parseMarkdown(quoted.join('\n')) });
      continue;
    }
    const ordered = orderedPattern.exec(line);
    if (ordered || bulletPattern.test(line)) {
      const pattern = ordered ? orderedPattern : bulletPattern;
      const items: string[][] = [];
      while (index < lines.length) {
        const current = lines[index] ?? '';
        const item = pattern.exec(current);
        if (item) {
          items.push([(ordered ? item[2] : item[1]) ?? '']);
        } else if (current.trim() && /^\s+/.test(current) && items.length > 0) {
          // An indented line goes on with the item above it.
          items[items.length - 1]?.push(current.trim());
        } else {
          break;
        }
        index += 1;
      }
      blocks.push({
        type: 'list',
        ordered: Boolean(ordered),
        start: ordered ? Number(ordered[1]) : 1,
        items: items.map((item) => parseInline(item.join('\n'))),
      });
      continue;
    }
    const paragraph: string[] = [line];
    index += 1;
    while (index < lines.length && (lines[index] ?? '').trim() && !startsBlock(lines[index] ?? '')) {
      paragraph.push(lines[index] ?? '');
      index += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.map((part) => part.trim()).join('\n')) });
  }
  return blocks;
}

/** Inline marks: `code`, **strong**, *emphasis*, [links](url), ![images](url), <autolinks>; a newline is a break. */
export function parseInline(source: string): Inline[] {
  const result: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) result.push({ type: 'text', text });
    text = '';
  };
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index);
    const char = source[index] ?? '';
    if (char === '\\' && index + 1 < source.length && /[\\`*_[\]()#!<>-]/.test(source[index + 1] ?? '')) {
      text += source[index + 1];
      index += 2;
      continue;
    }
    if (char === '\n') {
      flush();
      result.push({ type: 'break' });
      index += 1;
      continue;
    }
    const code = /^(`+)([\s\S]+?)\1(?!`)/.exec(rest);
    if (code) {
      flush();
      result.push({ type: 'code', text: (code[2] ?? '').trim() });
      index += code[0].length;
      continue;
    }
    const image = /^!\[([^\]]*)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/.exec(rest);
    if (image) {
      const src = safeImageSource(image[2] ?? '');
      if (src) {
        flush();
        result.push({ type: 'image', src, alt: image[1] ?? '' });
      } else {
        text += image[1] ?? '';
      }
      index += image[0].length;
      continue;
    }
    const link = /^\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/.exec(rest);
    if (link) {
      const safe = safeLink(link[2] ?? '');
      if (safe) {
        flush();
        result.push({ type: 'link', link: safe, children: parseInline(link[1] ?? '') });
      } else {
        text += link[1] ?? '';
      }
      index += link[0].length;
      continue;
    }
    const autolink = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(rest);
    const autolinked = autolink && safeLink(autolink[1] ?? '');
    if (autolink && autolinked) {
      flush();
      const written = autolink[1] ?? '';
      result.push({
        type: 'link',
        link: autolinked,
        children: [{ type: 'text', text: written.replace(/^mailto:/i, '') }],
      });
      index += autolink[0].length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong) {
      flush();
      result.push({ type: 'strong', children: parseInline(strong[2] ?? '') });
      index += strong[0].length;
      continue;
    }
    // Underscores inside words (file_name_here) are not emphasis.
    const em = /^(\*|_)(?=\S)([\s\S]*?\S)\1(?![\w*])/.exec(rest);
    if (em && (char === '*' || !/\w/.test(source[index - 1] ?? ''))) {
      flush();
      result.push({ type: 'em', children: parseInline(em[2] ?? '') });
      index += em[0].length;
      continue;
    }
    text += char;
    index += 1;
  }
  flush();
  return result;
}
