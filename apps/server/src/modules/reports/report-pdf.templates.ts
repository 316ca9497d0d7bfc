import { formatDay, type Language } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { PrintTemplateRow } from './reports.repository.ts';

/** What a printed page's header and footer may name. */
export interface PrintValues {
  reportName: string;
  projectName: string;
  organizationName: string;
  from: Date;
  to: Date;
  timeZone: string;
  language: Language;
}

/**
 * Chromium draws header and footer templates in the page margin at a tiny default size and with no styles of the
 * page: the box gets the page's width, its own font and small type, inside the page's side margins.
 */
function box(html: string, margin: string): string {
  return `<div style="box-sizing:border-box;width:100%;padding:0 ${margin};font-family:sans-serif;font-size:9px;color:#333">${html}</div>`;
}

/** The page margin: a template's when it is a plain CSS length (its schema allows no other), else 15 mm. */
export function printMargin(template: PrintTemplateRow | undefined): string {
  const margin = template?.margin.trim() ?? '';
  return /^\d+(\.\d+)?(mm|cm|in|px)$/.test(margin) ? margin : '15mm';
}

/**
 * A template's text with its variables filled, each value HTML-escaped: `{page}` and `{pages}` become the elements
 * Chromium fills in on each page, the rest the report's facts (the range's days in the project's time zone, `to`
 * the last day inside [from, to), as in the report's own text).
 */
export function fillPrintVariables(html: string, values: PrintValues): string {
  const day = (date: Date) => formatDay(date, values.language, { timeZone: values.timeZone });
  const filled: Record<string, string> = {
    page: '<span class="pageNumber"></span>',
    pages: '<span class="totalPages"></span>',
    'report.name': escapeHtml(values.reportName),
    'project.name': escapeHtml(values.projectName),
    'organization.name': escapeHtml(values.organizationName),
    'report.from': escapeHtml(day(values.from)),
    'report.to': escapeHtml(day(new Date(Math.max(values.from.getTime(), values.to.getTime() - 1)))),
    // A header loads nothing; a logo would come as a data: URI, which this renderer does not add.
    'organization.logo': '',
  };
  return html.replace(/\{([a-z]+(?:\.[a-z]+)?)\}/g, (whole, name: string) => filled[name] ?? whole);
}

/** The header of every page but the cover: the print template's, or none. */
export function printHeaderTemplate(template: PrintTemplateRow | undefined, values: PrintValues): string {
  if (!template?.header.trim()) return '<span></span>';
  return box(fillPrintVariables(template.header, values), printMargin(template));
}

/** The footer of every page but the cover: the print template's, or the report's name and "page / pages". */
export function printFooterTemplate(template: PrintTemplateRow | undefined, values: PrintValues): string {
  if (template?.footer.trim()) return box(fillPrintVariables(template.footer, values), printMargin(template));
  if (template) return '<span></span>';
  return box(
    `<div style="display:flex;justify-content:space-between"><span>${escapeHtml(values.reportName)}</span>` +
      '<span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>',
    printMargin(undefined),
  );
}
