import type { ReportElement, ReportElementKind } from '@olo/shared';

/** Each kind's name as the palette and the frames show it (i18n keys), in the palette's order. */
export const elementKindLabels: Record<ReportElementKind, string> = {
  text: 'Text',
  richText: 'Rich text',
  graph: 'Graph',
  dataTable: 'Data table',
  summary: 'Summary',
  imageTour: 'Image tour',
  dryingForecast: 'Drying forecast',
  classification: 'Classification',
};

/** What the palette says each kind is for (i18n keys). */
export const elementKindDescriptions: Record<ReportElementKind, string> = {
  text: 'A title or a short text with variables',
  richText: 'Paragraphs, headings, lists, links and tables',
  graph: 'Series as graphs with their limit bands',
  dataTable: 'Values by slot, or min/avg/max per series',
  summary: 'Shares of time in each limit band, and alarms',
  imageTour: 'Photos or floor plans with spaces pinned on them',
  dryingForecast: 'When a structure reaches its drying targets, with the fitted curve',
  classification: 'Spaces by the indoor climate classification S1–S3',
};

/** A short name of an element for its frame and the screen reader: its title or text when it has one. */
export function elementSummary(element: ReportElement): string | null {
  if (element.kind === 'text') return element.text.trim().slice(0, 60) || null;
  if ('title' in element && element.title) return element.title.slice(0, 60);
  return null;
}
