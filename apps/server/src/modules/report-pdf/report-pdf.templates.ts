import { fillPrintTemplate, formatDay, type Language } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { PrintTemplateRow } from '../print-templates/print-templates.repository.ts';
import { printMargin } from '../print-templates/print-templates.service.ts';

/** What a printed page's header and footer may name. */
export interface PrintValues {
  reportName: string;
  projectName: string;
  organizationName: string;
  from: Date;
  to: Date;
  timeZone: string;
  language: Language;
  /** The cover's logo as a data: URI (a header loads nothing), or null. */
  logo: string | null;
}

/** The smallest type a printed header or footer gets, in pt: smaller is not legible on paper (decision 0161). */
export const printMarginTypeMinPt = 8;

const ptPer = { px: 0.75, pt: 1, mm: 72 / 25.4, cm: 72 / 2.54, in: 72 } as const;

/** Raises every `font-size` of the HTML's inline styles that is a length under `printMarginTypeMinPt` to it. */
export function legibleTypeSizes(html: string): string {
  return html.replace(/font-size\s*:\s*(\d*\.?\d+)(px|pt|mm|cm|in)/gi, (whole, value: string, unit: string) => {
    const points = Number(value) * ptPer[unit.toLowerCase() as keyof typeof ptPer];
    return points < printMarginTypeMinPt ? `font-size:${printMarginTypeMinPt}pt` : whole;
  });
}

/**
 * Chromium draws header and footer templates in the page margin, with none of the page's styles and a tiny
 * default type: the box gets the page's width, its own font and 9 pt type, inside the page's side margins, and no
 * size the template sets goes below 8 pt.
 */
function box(html: string, margin: string): string {
  return (
    `<div style="box-sizing:border-box;width:100%;padding:0 ${margin};font-family:sans-serif;font-size:9pt;color:#333">` +
    `<style>img.logo{max-height:10mm;vertical-align:middle}</style>${legibleTypeSizes(html)}</div>`
  );
}

/** A template's header or footer with its variables filled (`fillPrintTemplate`): the range's days in the project's zone. */
export function fillPrintVariables(html: string, values: PrintValues): string {
  const day = (date: Date) => formatDay(date, values.language, { timeZone: values.timeZone });
  return fillPrintTemplate(html, {
    'report.name': values.reportName,
    'project.name': values.projectName,
    'organization.name': values.organizationName,
    'report.from': day(values.from),
    // [from, to): the last day inside it, as the report's own {report.to} (decision 0111).
    'report.to': day(new Date(Math.max(values.from.getTime(), values.to.getTime() - 1))),
    'organization.logo': values.logo,
  });
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
