import {
  emptyReportCoverContent,
  type ReportCoverContent,
  type ReportElement,
  type ReportElementOf,
  type ReportTextStyle,
  reportCoverContentSchema,
} from '@olo/shared';

/** An element of a cover: only texts and rich texts (`reportErrors.coverElements`). */
export type CoverElement = ReportElementOf<'text'> | ReportElementOf<'richText'>;

/** A new element id: unique within the cover (`reportElementId` allows 40 of [A-Za-z0-9_-]). */
export function newElementId(): string {
  return crypto.randomUUID();
}

export function coverText(text: string, style: ReportTextStyle): ReportElementOf<'text'> {
  return { id: newElementId(), kind: 'text', text, style, repeatPerSpace: false, pageBreakBefore: false, children: [] };
}

export function coverRichText(): ReportElementOf<'richText'> {
  return {
    id: newElementId(),
    kind: 'richText',
    doc: { type: 'doc', content: [{ type: 'paragraph' }] },
    repeatPerSpace: false,
    pageBreakBefore: false,
    children: [],
  };
}

/** What a new cover starts with: the report's name over the project's and the period, ready to be reworded. */
export function newCoverContent(): ReportCoverContent {
  return {
    ...emptyReportCoverContent,
    elements: [
      coverText('{report.name}', 'title'),
      coverText('{project.name}', 'heading'),
      coverText('{report.from} – {report.to}', 'paragraph'),
    ],
  };
}

/** A stored cover as the editor edits it; one the schema no longer reads opens empty rather than failing the page. */
export function readCoverContent(cover: unknown): ReportCoverContent {
  const parsed = reportCoverContentSchema.safeParse(cover);
  return parsed.success ? parsed.data : emptyReportCoverContent;
}

export function isCoverElement(element: ReportElement): element is CoverElement {
  return element.kind === 'text' || element.kind === 'richText';
}

/** The list with the item at `index` moved by `delta` places; unchanged when that leaves the list. */
export function moveItem<Item>(items: readonly Item[], index: number, delta: -1 | 1): Item[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1) as [Item];
  next.splice(target, 0, item);
  return next;
}

/**
 * `{name}` put into `text` at the cursor (`start`..`end`, the selection it replaces), with the cursor after it.
 * Without a cursor it goes at the end.
 */
export function insertVariable(
  text: string,
  name: string,
  start: number | null,
  end: number | null,
): { text: string; cursor: number } {
  const token = `{${name}}`;
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
