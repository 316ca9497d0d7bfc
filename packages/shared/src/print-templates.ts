import { z } from 'zod';
import { hexColor } from './colors.ts';
import { intId, nameField, uuidSchema } from './input-fields.ts';
import { isSafePrintCss } from './print-css.ts';

export { isSafePrintCss };

/**
 * Print templates (spec §3 Printtemplate): an organization's header and footer of a report's printed
 * pages (HTML with variables), extra CSS, the page margin and two print colours. Chromium draws the
 * header and footer in a frame of their own that loads nothing, and the CSS goes into the printed
 * page: both are kept to a safe subset here, on the way in (the server parses every input with
 * these schemas). Messages are i18n keys.
 */
export const printTemplateBounds = {
  /** Characters of a header or a footer as HTML (a small logo as a data: URI fits). */
  htmlMax: 20_000,
  /** Characters of the extra CSS. */
  cssMax: 20_000,
  /** Millimetres: a margin beyond this leaves too little of an A4 page. */
  marginMaxMm: 50,
} as const;

export const printTemplateErrors = {
  htmlTooLong: 'At most 20 000 characters',
  cssTooLong: 'At most 20 000 characters',
  unsafeCss: 'The CSS may not load anything: no @import, no url() other than data:, no backslashes or <',
  invalidMargin: 'Give the margin as a length such as 15mm, 1.5cm, 0.5in or 40px, at most 50 mm',
} as const;

/** The variables a header or footer may hold, `{name}` (`fillPrintTemplate`). */
export const printVariableNames = [
  'page',
  'pages',
  'report.name',
  'project.name',
  'report.from',
  'report.to',
  'organization.name',
  'organization.logo',
] as const;
export type PrintVariableName = (typeof printVariableNames)[number];

// ---------------------------------------------------------------------------------------------
// HTML: rebuilt from an allow list (decision 0132). Nothing of the input reaches the output but
// allowed tags with allowed attributes, and text with its markup characters escaped.

/** Tags kept, with the attributes each may carry beside the common ones. */
const allowedTags: Record<string, readonly string[]> = {
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  span: [],
  div: [],
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: [],
  li: [],
  table: ['width'],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'width'],
  td: ['colspan', 'rowspan', 'width'],
  img: ['src', 'alt', 'width', 'height'],
};
const commonAttributes = ['class', 'style', 'align'];
const voidTags = new Set(['br', 'hr', 'img']);
/** Dropped with everything inside them (their content is script, styles, frames or foreign markup). */
const droppedWithContent = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'title',
  'iframe',
  'object',
  'svg',
  'math',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);

/** An image only as an inline raster picture: a header loads nothing, and SVG may carry script. */
const dataImage = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/**
 * Inline styles that cannot load anything or hide a word behind escapes or entities. No braces in
 * any attribute value: variables are filled in text only, never inside an attribute's quotes.
 */
function safeStyle(value: string): boolean {
  return !/[&\\<>{}]|url\s*\(|image-set|expression|@import|binding|behavior/i.test(value);
}

const attributeChecks: Record<string, (value: string) => boolean> = {
  class: (value) => /^[\w\s-]*$/.test(value),
  style: safeStyle,
  align: (value) => /^(left|right|center|justify)$/i.test(value),
  width: (value) => /^\d{1,4}%?$/.test(value),
  height: (value) => /^\d{1,4}$/.test(value),
  colspan: (value) => /^\d{1,2}$/.test(value),
  rowspan: (value) => /^\d{1,2}$/.test(value),
  alt: (value) => !/[<>&"'{}]/.test(value),
  src: (value) => dataImage.test(value),
};

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values as HTML: every markup character escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapeMap[character] ?? character);
}

/** Text as written, but with `<`, `>` and any `&` that does not start a well-formed entity escaped. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Array<[string, string]>;
  /** Index just after the tag's `>`. */
  end: number;
}

/** The tag starting at `<` at `start`, or null when this `<` starts no tag (it is then text). */
function readTag(html: string, start: number): Tag | null {
  const head = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(start, start + 64));
  if (!head) return null;
  const closing = head[1] === '/';
  const name = (head[2] as string).toLowerCase();
  const attributes: Array<[string, string]> = [];
  const attribute = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*\/|\s+/y;
  let index = start + head[0].length;
  while (index < html.length && html[index] !== '>') {
    attribute.lastIndex = index;
    const match = attribute.exec(html);
    if (!match || match[0].length === 0) {
      index += 1; // a stray character: skipped, as a browser would
      continue;
    }
    if (match[1]) attributes.push([match[1].toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '']);
    index += match[0].length;
  }
  if (index >= html.length) return null; // never closed: the rest is text
  return { name, closing, attributes, end: index + 1 };
}

/**
 * A header or footer reduced to a safe subset of HTML: formatting, blocks, lists, tables and inline
 * images as data: URIs; no script, no event handlers, no links, forms or frames, nothing that loads
 * from elsewhere. Unknown tags are dropped and their text kept; script-like ones with their content.
 * Idempotent: sanitizing the output again changes nothing.
 */
export function sanitizePrintHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) {
      out += escapeText(html.slice(index));
      break;
    }
    out += escapeText(html.slice(index, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      index = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const close = html.indexOf('>', lt);
      index = close === -1 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      index = lt + 1;
      continue;
    }
    index = tag.end;
    if (!tag.closing && droppedWithContent.has(tag.name)) {
      const close = html.toLowerCase().indexOf(`</${tag.name}`, index);
      if (close === -1) break;
      const closeEnd = html.indexOf('>', close);
      index = closeEnd === -1 ? html.length : closeEnd + 1;
      continue;
    }
    const allowed = allowedTags[tag.name];
    if (!allowed) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    let attributes = '';
    for (const [name, value] of tag.attributes) {
      if (!commonAttributes.includes(name) && !allowed.includes(name)) continue;
      if (!attributeChecks[name]?.(value)) continue;
      attributes += ` ${name}="${escapeHtml(value)}"`;
    }
    if (tag.name === 'img' && !attributes.includes(' src="')) continue;
    out += `<${tag.name}${attributes}>`;
    if (!voidTags.has(tag.name)) open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

const millimetresPer: Record<string, number> = { mm: 1, cm: 10, in: 25.4, px: 25.4 / 96 };

/** A margin as millimetres, or null when it is not a length in mm, cm, in or px within the bounds. */
export function printMarginMillimetres(margin: string): number | null {
  const match = /^\s*(\d{1,4}(?:\.\d{1,3})?)\s*(mm|cm|in|px)\s*$/i.exec(margin);
  if (!match) return null;
  const millimetres = Number(match[1]) * (millimetresPer[(match[2] as string).toLowerCase()] as number);
  return millimetres <= printTemplateBounds.marginMaxMm ? millimetres : null;
}

const htmlField = z
  .string()
  .max(printTemplateBounds.htmlMax, { message: printTemplateErrors.htmlTooLong })
  .transform(sanitizePrintHtml);
const cssField = z
  .string()
  .max(printTemplateBounds.cssMax, { message: printTemplateErrors.cssTooLong })
  .refine(isSafePrintCss, { message: printTemplateErrors.unsafeCss });
const marginField = z
  .string()
  .refine((value) => printMarginMillimetres(value) !== null, { message: printTemplateErrors.invalidMargin })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase());
/** Null: the report's own look (the document's colours). */
const colorField = hexColor.nullable();

export const createPrintTemplateInput = z
  .object({
    organizationId: uuidSchema,
    name: nameField,
    header: htmlField.default(''),
    footer: htmlField.default(''),
    css: cssField.default(''),
    margin: marginField.default('15mm'),
    accentColor: colorField.default(null),
    tableHeaderColor: colorField.default(null),
  })
  .strict();
export const updatePrintTemplateInput = z
  .object({
    id: intId,
    name: nameField.optional(),
    header: htmlField.optional(),
    footer: htmlField.optional(),
    css: cssField.optional(),
    margin: marginField.optional(),
    accentColor: colorField.optional(),
    tableHeaderColor: colorField.optional(),
  })
  .strict();
export type CreatePrintTemplateInput = z.output<typeof createPrintTemplateInput>;
export type UpdatePrintTemplateInput = z.output<typeof updatePrintTemplateInput>;

/**
 * A header or footer with its variables filled for Chromium's header and footer templates:
 * `{page}` and `{pages}` become the spans Chromium fills with the page number and count,
 * `{organization.logo}` an image of the data: URI given (the template frame loads nothing, so the
 * renderer passes the logo inline; none given, or not an inline raster image: nothing), the rest
 * their values HTML-escaped. A variable without a value, and other braces, are left as written.
 * `html` is a stored (sanitized) template.
 */
export function fillPrintTemplate(html: string, values: Partial<Record<PrintVariableName, string | null>>): string {
  return html.replace(/\{([a-z]+(?:\.[a-z]+)?)\}/g, (whole, name: string) => {
    if (name === 'page') return '<span class="pageNumber"></span>';
    if (name === 'pages') return '<span class="totalPages"></span>';
    if (name === 'organization.logo') {
      const logo = values['organization.logo'];
      return logo && dataImage.test(logo) ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : '';
    }
    const value = values[name as PrintVariableName];
    return typeof value === 'string' ? escapeHtml(value) : whole;
  });
}

/** The printed document's root: `ReportDocument` marks it with `data-report-ready` (a stable hook, unlike module class names). */
const documentRoot = '[data-report-ready]';

/**
 * The CSS a printed report gets from its template: the print colours as custom properties on the
 * document's root (`--print-accent`, `--print-table-header`) with the rules that use them (headings
 * and rules in the accent, data tables' header cells on the header colour, printed as shown), then
 * the template's own CSS, which may use the properties too. Empty when there is nothing.
 */
export function printTemplateStyle(template: {
  css: string;
  accentColor: string | null;
  tableHeaderColor: string | null;
}): string {
  const rules: string[] = [];
  // The colours were checked as #rrggbb on the way in; checked again so that nothing else reaches a style element.
  const accent = template.accentColor && /^#[0-9a-f]{6}$/i.test(template.accentColor) ? template.accentColor : null;
  const header =
    template.tableHeaderColor && /^#[0-9a-f]{6}$/i.test(template.tableHeaderColor) ? template.tableHeaderColor : null;
  if (accent) {
    rules.push(`${documentRoot} { --print-accent: ${accent}; }`);
    rules.push(`${documentRoot} :is(h1, h2, h3, h4) { color: var(--print-accent); }`);
    rules.push(`${documentRoot} hr { border-color: var(--print-accent); }`);
  }
  if (header) {
    rules.push(`${documentRoot} { --print-table-header: ${header}; }`);
    rules.push(
      `${documentRoot} thead th { background-color: var(--print-table-header); ` +
        '-webkit-print-color-adjust: exact; print-color-adjust: exact; }',
    );
  }
  if (template.css) rules.push(template.css);
  return rules.join('\n');
}
