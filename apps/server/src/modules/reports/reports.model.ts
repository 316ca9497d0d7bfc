import {
  parseReportContent,
  parseStoredDataslots,
  type ReportAttention,
  type ReportContent,
  type ReportDroppedPin,
  type ReportElement,
  type ReportPeriod,
  type ReportUnmapped,
  reportPeriodSchema,
  reportRange,
} from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { PrintTemplateRow } from '../print-templates/print-templates.repository.ts';
import type { ReportCoverRow } from '../report-covers/report-covers.repository.ts';
import type { ReportRow, ReportTemplateRow } from './reports.repository.ts';

/**
 * A report as the API gives it: content upgraded to the current version, data slots with their
 * ranges (fixed dates stored before ranges were relative read as such), publicId only while published.
 */
export type Report = Omit<ReportRow, 'content' | 'publicId' | 'period'> & {
  content: ReportContent;
  publicId: string | null;
  /** The rolling period; then `from` and `to` are its latest whole period when the report was read. */
  period: ReportPeriod | null;
};

export interface ReportCreation {
  report: Report;
  unmapped: ReportUnmapped[];
  /** What the author should look at: texts and images of the template, dropped pins, slots without data. */
  attention: ReportAttention[];
}

export interface ReportExtras {
  covers: ReportCoverRow[];
  printTemplates: PrintTemplateRow[];
  templates: ReportTemplateRow[];
}

export function pinsAttention(pins: readonly ReportDroppedPin[]): ReportAttention[] {
  return pins.map((pin) => ({ kind: 'pin', elementId: pin.elementId, name: pin.spaceName }));
}

/** A stored period that no longer parses is no period: the report shows its fixed range. */
export function storedPeriod(stored: unknown): ReportPeriod | null {
  if (stored === null || stored === undefined) return null;
  const parsed = reportPeriodSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** A stored report as the API gives it, its rolling period read at `now` in its project's `timeZone`. */
export function toReport(row: ReportRow, timeZone: string, now: Date): Report {
  const parsed = parseReportContent(row.content);
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', parsed.message);
  const period = storedPeriod(row.period);
  return {
    ...row,
    ...reportRange({ from: row.from, to: row.to, period }, now, timeZone),
    period,
    content: parsed.data,
    dataslots: parseStoredDataslots(row.dataslots),
    publicId: row.published ? row.publicId : null,
  };
}

/** Every attachment id an image tour of the content shows. */
export function imageAttachmentIds(elements: readonly ReportElement[]): string[] {
  const ids = new Set<string>();
  const visit = (list: readonly ReportElement[]) => {
    for (const element of list) {
      if (element.kind === 'imageTour') for (const image of element.images) ids.add(image.attachmentId);
      visit(element.children);
    }
  };
  visit(elements);
  return [...ids];
}

export function replaceAttachments(
  elements: readonly ReportElement[],
  ids: ReadonlyMap<string, string>,
): ReportElement[] {
  return elements.map((element) => {
    const children = replaceAttachments(element.children, ids);
    if (element.kind !== 'imageTour') return { ...element, children };
    const images = element.images.map((image) => ({
      ...image,
      attachmentId: ids.get(image.attachmentId) ?? image.attachmentId,
    }));
    return { ...element, children, images };
  });
}
