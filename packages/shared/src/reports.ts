import { z } from 'zod';
import { isValidSlotSeconds } from './data-slots.ts';
import { dataFilterSchema, dataModes, dataViewBounds, dataViewErrors } from './data-views.ts';
import { intId, nameField, uuidSchema } from './input-fields.ts';
import { isRoomMeasurement } from './measurements.ts';
import { type ReportDataslot, reportDataslotInstants, reportDataslotSchema } from './report-dataslots.ts';

export * from './report-dataslots.ts';

/**
 * Reports (spec §3 Report, Report cover): a document whose content is a tree of elements, written
 * once (often as a template) and rendered the same on the screen, at the public link and in the
 * PDF. One zod schema validates the tree; stored content carries its version and is upgraded on
 * reading (`parseReportContent`), so reports stored under an older version keep opening.
 * Messages are i18n keys.
 */
export const reportBounds = {
  /** Elements of one report, nested ones included. */
  elementsMax: 300,
  /** Levels of nesting: a page of sections of columns of elements is deep enough. */
  depthMax: 5,
  /** Bytes of the content as JSON (a rich text's tables included). */
  contentBytesMax: 512 * 1024,
  /** Levels of a JSON value before it is parsed: bounds the recursion of the schema. */
  jsonDepthMax: 64,
  dataslotsMax: 20,
  selectionsMax: 50,
  textMax: 1000,
  titleMax: 200,
  captionMax: 500,
  imagesMax: 20,
  pinsMax: 50,
  /** Nodes of one rich text (paragraphs, list items, table cells, runs of text). */
  richTextNodesMax: 5000,
  richTextTextMax: 20_000,
  linkMax: 2000,
} as const;

export const reportErrors = {
  tooLarge: 'The report is too large',
  tooManyElements: 'At most 300 elements in a report',
  tooDeep: 'Elements are nested too deeply',
  duplicateElementId: 'Two elements have the same id',
  unknownDataslot: 'No such data slot in this report',
  duplicateDataslotId: 'Two data slots have the same id',
  unsupportedVersion: 'This report was saved by a newer version of Olo',
  invalidLink: 'Links must start with http://, https:// or mailto:',
  changedElsewhere: 'The report was changed elsewhere: reload to see the changes',
  coverElements: 'A cover holds only texts and rich texts',
  outsideOrganization: "Choose a cover, print template or logo of the project's organization",
} as const;

/** The content version this code writes; `upgradeReportContent` brings older ones to it. */
export const reportContentVersion = 1;

/** An element's id: unique within its report, kept when the report is cloned. */
export const reportElementId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'Invalid id' });

/**
 * Which space a selection means: every shown space, the space a repeating container is at
 * (`current`; outside a repeat it selects nothing), or one space, named too so that a template
 * or a clone can find the space of the same name in another project.
 */
export const reportSpaceRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('current') }).strict(),
  z.object({ kind: z.literal('space'), id: z.number().int().positive(), name: z.string().max(200) }).strict(),
]);
export type ReportSpaceRef = z.output<typeof reportSpaceRefSchema>;

/** Series chosen by space and measurement type; a null type takes every room measurement of the space. */
export const reportSeriesSelectionSchema = z
  .object({ space: reportSpaceRefSchema, dataType: z.string().trim().min(1).max(100).nullable().default(null) })
  .strict();
export type ReportSeriesSelection = z.output<typeof reportSeriesSelectionSchema>;

const slotSeconds = z.number().refine(isValidSlotSeconds, { message: dataViewErrors.invalidSlot });

/**
 * Where an element's values come from: the report's range or one of its data slots. Each non-null
 * field overrides what the data slot (or, on the report's range, the project's defaults) says; a
 * null slot on the report's range is the data engine's default for the range's length.
 */
export const reportElementDataSchema = z
  .object({
    dataslotId: reportElementId.nullable().default(null),
    slot: slotSeconds.nullable().default(null),
    mode: z.enum(dataModes).nullable().default(null),
    nulls: z.boolean().nullable().default(null),
    filters: z.array(dataFilterSchema).max(dataViewBounds.filtersMax, { message: 'Too many' }).nullable().default(null),
  })
  .strict();
export type ReportElementData = z.output<typeof reportElementDataSchema>;

const title = z.string().trim().max(reportBounds.titleMax, { message: 'Too long' }).nullable().default(null);
const selections = z
  .array(reportSeriesSelectionSchema)
  .max(reportBounds.selectionsMax, { message: 'Too many' })
  .default([]);
const data = reportElementDataSchema.default({
  dataslotId: null,
  slot: null,
  mode: null,
  nulls: null,
  filters: null,
});

/** A link a rich text may hold: nothing that runs script or leaves the page through another scheme. */
export function isSafeReportLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim()) && href.length <= reportBounds.linkMax;
}

/**
 * A rich text's document as TipTap (ProseMirror) JSON, limited to what the editor offers and the
 * renderer draws: headings, paragraphs, lists, bold/italic/underline/strike, links, simple tables.
 * Attributes other than the ones named are ignored when drawn; links are checked here.
 */
export const richTextNodeTypes = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'horizontalRule',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
] as const;
export const richTextMarkTypes = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;

const richTextMark = z
  .object({
    type: z.enum(richTextMarkTypes),
    attrs: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((mark, context) => {
    if (mark.type !== 'link') return;
    const href = mark.attrs?.href;
    if (typeof href !== 'string' || !isSafeReportLink(href)) {
      context.addIssue({ code: 'custom', message: reportErrors.invalidLink, path: ['attrs', 'href'] });
    }
  });

export interface RichTextNode {
  type: (typeof richTextNodeTypes)[number];
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  marks?: z.output<typeof richTextMark>[];
  text?: string;
}

export const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      type: z.enum(richTextNodeTypes),
      attrs: z.record(z.string(), z.unknown()).optional(),
      content: z.array(richTextNodeSchema).optional(),
      marks: z.array(richTextMark).max(richTextMarkTypes.length).optional(),
      text: z.string().max(reportBounds.richTextTextMax).optional(),
    })
    .strip(),
);

export const richTextDocSchema = richTextNodeSchema.superRefine((doc, context) => {
  if (doc.type !== 'doc') context.addIssue({ code: 'custom', message: 'Invalid document' });
  let nodes = 0;
  let characters = 0;
  const stack: RichTextNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop() as RichTextNode;
    nodes += 1;
    characters += node.text?.length ?? 0;
    if (node.content) stack.push(...node.content);
  }
  if (nodes > reportBounds.richTextNodesMax || characters > reportBounds.richTextTextMax) {
    context.addIssue({ code: 'custom', message: reportErrors.tooLarge });
  }
});

export const emptyRichTextDoc: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/** Variables a text may hold, `{name}`: each filled in the report's language (`fillReportVariables`). */
export const reportVariableNames = [
  'project.name',
  'project.code',
  'organization.name',
  'report.name',
  'report.from',
  'report.to',
  'space.name',
  'today',
] as const;
export type ReportVariableName = (typeof reportVariableNames)[number];

/** The six kinds of element (spec §3). */
export const reportElementKinds = ['richText', 'text', 'graph', 'dataTable', 'imageTour', 'summary'] as const;
export type ReportElementKind = (typeof reportElementKinds)[number];

const textStyles = ['title', 'heading', 'subheading', 'paragraph'] as const;
export type ReportTextStyle = (typeof textStyles)[number];

/** What every element has: any element may hold children, and repeat them for every shown space. */
const elementBase = {
  id: reportElementId,
  /** Its children are drawn once per shown space of the project, `{space.name}` and `current` bound to it. */
  repeatPerSpace: z.boolean().default(false),
  /** The PDF starts a new page before the element. */
  pageBreakBefore: z.boolean().default(false),
};

const imageTourPin = z
  .object({
    space: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('current') }).strict(),
      z.object({ kind: z.literal('space'), id: z.number().int().positive(), name: z.string().max(200) }).strict(),
    ]),
    /** Position on the image, 0..1 from its left and top edges. */
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
  })
  .strict();

const imageTourImage = z
  .object({
    /** An attachment of the report's project (or its organization). */
    attachmentId: uuidSchema,
    caption: z.string().trim().max(reportBounds.captionMax, { message: 'Too long' }).default(''),
    pins: z.array(imageTourPin).max(reportBounds.pinsMax, { message: 'Too many' }).default([]),
  })
  .strict();

const richTextElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('richText'),
    doc: richTextDocSchema.default(emptyRichTextDoc),
  })
  .strict();

const textElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('text'),
    text: z.string().max(reportBounds.textMax, { message: 'Too long' }).default(''),
    style: z.enum(textStyles).default('paragraph'),
  })
  .strict();

const graphElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('graph'),
    title,
    series: selections,
    data,
    groupBy: z.enum(['space', 'type']).default('space'),
    showLimits: z.boolean().default(true),
  })
  .strict();

const dataTableElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('dataTable'),
    title,
    series: selections,
    data,
    /** `slots`: a row per slot, a column per series; `stats`: a row per series with min/avg/max/count. */
    layout: z.enum(['slots', 'stats']).default('stats'),
  })
  .strict();

const imageTourElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('imageTour'),
    title,
    images: z.array(imageTourImage).max(reportBounds.imagesMax, { message: 'Too many' }).default([]),
    /** The range of the pins' value summaries. */
    data,
  })
  .strict();

const summaryElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('summary'),
    title,
    series: selections,
    data,
    /** Lists the alarm episodes of the range. */
    alarms: z.boolean().default(true),
  })
  .strict();

type ReportElementFields =
  | z.output<typeof richTextElementFields>
  | z.output<typeof textElementFields>
  | z.output<typeof graphElementFields>
  | z.output<typeof dataTableElementFields>
  | z.output<typeof imageTourElementFields>
  | z.output<typeof summaryElementFields>;
/** An element of a report's tree; any element may hold children. */
export type ReportElement = ReportElementFields & { children: ReportElement[] };

const children = z.array(z.lazy((): z.ZodType<ReportElement> => reportElementSchema)).default([]);

export const reportElementSchema: z.ZodType<ReportElement> = z.discriminatedUnion('kind', [
  richTextElementFields.extend({ children }),
  textElementFields.extend({ children }),
  graphElementFields.extend({ children }),
  dataTableElementFields.extend({ children }),
  imageTourElementFields.extend({ children }),
  summaryElementFields.extend({ children }),
]);
export type ReportElementOf<K extends ReportElementKind> = Extract<ReportElement, { kind: K }>;
export type ReportImageTourImage = z.output<typeof imageTourImage>;

export const reportDataslotsSchema = z
  .array(reportDataslotSchema)
  .max(reportBounds.dataslotsMax, { message: dataViewErrors.tooManyViews })
  .superRefine((slots, context) => {
    const ids = new Set<string>();
    for (const slot of slots) {
      if (ids.has(slot.id)) context.addIssue({ code: 'custom', message: reportErrors.duplicateDataslotId });
      ids.add(slot.id);
    }
  });

/** Data slots as stored, old fixed dates read as such; one that no longer parses is left out rather than hiding the report. */
export function parseStoredDataslots(stored: unknown): ReportDataslot[] {
  const all = reportDataslotsSchema.safeParse(stored);
  if (all.success) return all.data;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const slot = reportDataslotSchema.safeParse(item);
    return slot.success ? [slot.data] : [];
  });
}

/** Calls `visit` for every element, parents before children, with its depth (1 at the top). */
export function walkReportElements(
  elements: readonly ReportElement[],
  visit: (element: ReportElement, depth: number) => void,
  depth = 1,
): void {
  for (const element of elements) {
    visit(element, depth);
    walkReportElements(element.children, visit, depth + 1);
  }
}

function checkTree(elements: readonly ReportElement[], context: z.RefinementCtx): void {
  let count = 0;
  let deepest = 0;
  const ids = new Set<string>();
  let duplicate = false;
  walkReportElements(elements, (element, depth) => {
    count += 1;
    deepest = Math.max(deepest, depth);
    if (ids.has(element.id)) duplicate = true;
    ids.add(element.id);
  });
  if (count > reportBounds.elementsMax) context.addIssue({ code: 'custom', message: reportErrors.tooManyElements });
  if (deepest > reportBounds.depthMax) context.addIssue({ code: 'custom', message: reportErrors.tooDeep });
  if (duplicate) context.addIssue({ code: 'custom', message: reportErrors.duplicateElementId });
}

export const reportContentSchema = z
  .object({
    version: z.literal(reportContentVersion),
    elements: z.array(reportElementSchema).default([]),
  })
  .strict()
  .superRefine((content, context) => checkTree(content.elements, context));
export type ReportContent = z.output<typeof reportContentSchema>;

export const emptyReportContent: ReportContent = { version: reportContentVersion, elements: [] };

/** The depth of a JSON value, counted without recursion so that a hostile one cannot exhaust the stack. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > reportBounds.jsonDepthMax) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

let generatedIds = 0;
/** A fresh element id (unique within a report; random enough that clones and pastes do not collide). */
export function newReportElementId(): string {
  generatedIds = (generatedIds + 1) % 1296;
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${generatedIds.toString(36)}`;
}

/**
 * Brings stored content of any version this code knows to the current one, as plain JSON to be
 * parsed. Version 0 (before content had an envelope) was a bare array of elements whose ids and
 * flags were optional: each gets an id and the defaults.
 */
export function upgradeReportContent(stored: unknown): unknown {
  if (Array.isArray(stored)) {
    const withIds = (elements: unknown[]): unknown[] =>
      elements.map((element) => {
        if (element === null || typeof element !== 'object') return element;
        const item = element as Record<string, unknown>;
        return {
          ...item,
          id: typeof item.id === 'string' ? item.id : newReportElementId(),
          children: Array.isArray(item.children) ? withIds(item.children) : [],
        };
      });
    return { version: reportContentVersion, elements: withIds(stored) };
  }
  return stored;
}

export type ReportContentResult = { success: true; data: ReportContent } | { success: false; message: string };

/** Stored or sent content, of any known version, checked against the limits and the schema. */
export function parseReportContent(stored: unknown): ReportContentResult {
  // Depth first: serializing a hostile value nested thousands deep would exhaust the stack.
  if (jsonDepth(stored) > reportBounds.jsonDepthMax) return { success: false, message: reportErrors.tooDeep };
  if (JSON.stringify(stored ?? null).length > reportBounds.contentBytesMax) {
    return { success: false, message: reportErrors.tooLarge };
  }
  const upgraded = upgradeReportContent(stored);
  const version = (upgraded as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > reportContentVersion) {
    return { success: false, message: reportErrors.unsupportedVersion };
  }
  const parsed = reportContentSchema.safeParse(upgraded);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, message: parsed.error.issues[0]?.message ?? 'Invalid report' };
}

/** The content field of report inputs: any known version, stored as the current one. */
export const reportContentInput = z.unknown().transform((value, context) => {
  const parsed = parseReportContent(value);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/** What a selection is resolved against: the project's spaces and series as the data API lists them. */
export interface ReportSpaceFacts {
  id: number;
  name: string;
  show: boolean;
}
export interface ReportSeriesFacts {
  id: number;
  spaceId: number | null;
  dataType: string | null;
}

/** A series "all types" takes: one measuring the room, not the meter's battery or radio (decision 0157). */
function isRoomSeries(item: ReportSeriesFacts): boolean {
  return item.dataType === null || isRoomMeasurement(item.dataType);
}

/**
 * The ids of the series a list of selections takes, in the order of `series`, each once. A null
 * type takes the room's measurements of the space, never the meters' battery or radio.
 */
export function resolveReportSeries(
  selectionList: readonly ReportSeriesSelection[],
  lists: { spaces: readonly ReportSpaceFacts[]; series: readonly ReportSeriesFacts[] },
  currentSpaceId: number | null,
): number[] {
  const shown = new Set(lists.spaces.filter((space) => space.show).map((space) => space.id));
  const known = new Set(lists.spaces.map((space) => space.id));
  const taken = (item: ReportSeriesFacts) =>
    selectionList.some((selection) => {
      if (selection.dataType === null ? !isRoomSeries(item) : selection.dataType !== item.dataType) return false;
      if (item.spaceId === null) return false;
      if (selection.space.kind === 'all') return shown.has(item.spaceId);
      if (selection.space.kind === 'current') return currentSpaceId !== null && item.spaceId === currentSpaceId;
      return known.has(selection.space.id) && item.spaceId === selection.space.id;
    });
  return lists.series.filter(taken).map((item) => item.id);
}

/**
 * Every series a report may show: the ones its elements select, with each repeating container's
 * children resolved for every shown space, and the spaces it shows: those of its series, those its
 * image tours pin, and every shown space when it repeats anything per space. The public link
 * serves these and nothing else.
 */
export function reportReferencedSeries(
  content: ReportContent,
  lists: { spaces: readonly ReportSpaceFacts[]; series: readonly ReportSeriesFacts[] },
): { seriesIds: number[]; spaceIds: number[] } {
  const seriesIds = new Set<number>();
  const spaceIds = new Set<number>();
  const shownSpaces = lists.spaces.filter((space) => space.show).map((space) => space.id);
  const visit = (elements: readonly ReportElement[], currentSpaceId: number | null) => {
    for (const element of elements) {
      if ('series' in element) {
        for (const id of resolveReportSeries(element.series, lists, currentSpaceId)) seriesIds.add(id);
      }
      if (element.kind === 'imageTour') {
        for (const image of element.images) {
          for (const pin of image.pins) {
            const spaceId = pin.space.kind === 'current' ? currentSpaceId : pin.space.id;
            if (spaceId === null || !lists.spaces.some((space) => space.id === spaceId)) continue;
            spaceIds.add(spaceId);
            for (const item of lists.series) if (item.spaceId === spaceId && isRoomSeries(item)) seriesIds.add(item.id);
          }
        }
      }
      if (element.repeatPerSpace) {
        // A repeat shows every shown space (its name at least), whether or not a series of it is selected.
        for (const spaceId of shownSpaces) {
          spaceIds.add(spaceId);
          visit(element.children, spaceId);
        }
      } else {
        visit(element.children, currentSpaceId);
      }
    }
  };
  visit(content.elements, null);
  for (const item of lists.series) if (seriesIds.has(item.id) && item.spaceId !== null) spaceIds.add(item.spaceId);
  return { seriesIds: [...seriesIds], spaceIds: [...spaceIds] };
}

/** The range, slot and options an element's values are computed with (`reportElementDataSchema`). */
export interface ReportElementView {
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  /** Null: the data engine's default for the range. */
  slotSeconds: number | null;
  mode: (typeof dataModes)[number];
  nulls: boolean;
  filters: z.output<typeof dataFilterSchema>[];
  /** The data slot's name, or null on the report's range (also when the slot named is gone). */
  dataslotName: string | null;
}

export function resolveReportElementView(
  report: { from: Date | number; to: Date | number; dataslots: readonly ReportDataslot[] },
  elementData: ReportElementData,
  projectDefaults: {
    slot?: number | null;
    mode?: (typeof dataModes)[number];
    nulls?: boolean;
    filters?: z.output<typeof dataFilterSchema>[];
  },
  /** The project's: a slot's last days are counted on its wall clock. */
  timeZone: string,
): ReportElementView {
  const slot = elementData.dataslotId ? report.dataslots.find((item) => item.id === elementData.dataslotId) : undefined;
  const base = slot
    ? {
        ...reportDataslotInstants(slot.range, report, timeZone),
        slotSeconds: slot.slot,
        mode: slot.mode,
        nulls: slot.nulls,
        filters: slot.filters,
        dataslotName: slot.name,
      }
    : {
        from: Number(report.from),
        to: Number(report.to),
        slotSeconds: projectDefaults.slot ?? null,
        mode: projectDefaults.mode ?? 'avg',
        nulls: projectDefaults.nulls ?? false,
        filters: projectDefaults.filters ?? [],
        dataslotName: null,
      };
  return {
    ...base,
    slotSeconds: elementData.slot ?? base.slotSeconds,
    mode: elementData.mode ?? base.mode,
    nulls: elementData.nulls ?? base.nulls,
    filters: elementData.filters ?? base.filters,
  };
}

/** `{name}` replaced by its value where the value is given; other braces are left as written. */
export function fillReportVariables(text: string, values: Partial<Record<ReportVariableName, string>>): string {
  return text.replace(
    /\{([a-z]+(?:\.[a-z]+)?)\}/g,
    (whole, name: string) => values[name as ReportVariableName] ?? whole,
  );
}

const range = {
  from: z.coerce.date({ message: 'Required' }),
  to: z.coerce.date({ message: 'Required' }),
};
const toAfterFrom = (input: { from?: Date; to?: Date }, context: z.RefinementCtx) => {
  if (input.from && input.to && input.to <= input.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: dataViewErrors.toBeforeFrom });
  }
};

/** A new report: blank, or from a template of the project's organization (its content mapped onto this project). */
export const createReportInput = z
  .object({
    projectId: intId,
    name: nameField,
    ...range,
    templateId: intId.nullish(),
  })
  .strict()
  .superRefine(toAfterFrom);
export type CreateReportInput = z.output<typeof createReportInput>;

/**
 * Saves a report. `version` is the version the editor last read: a save over a newer one (another
 * tab, another user) is refused with `reportErrors.changedElsewhere` rather than losing their work.
 */
export const updateReportInput = z
  .object({
    id: intId,
    version: z.number().int().nonnegative().optional(),
    name: nameField.optional(),
    content: reportContentInput.optional(),
    dataslots: reportDataslotsSchema.optional(),
    from: range.from.optional(),
    to: range.to.optional(),
    landscape: z.boolean().optional(),
    coverId: intId.nullish(),
    printtemplateId: intId.nullish(),
    template: z.boolean().optional(),
    summary: z.boolean().optional(),
  })
  .strict()
  .superRefine(toAfterFrom);
export type UpdateReportInput = z.output<typeof updateReportInput>;

/** A copy of a report in the same project or another one the user edits reports of (series mapped by space name). */
export const cloneReportInput = z.object({ id: intId, projectId: intId, name: nameField.optional() }).strict();
export type CloneReportInput = z.output<typeof cloneReportInput>;

/**
 * A cover's designed page: the organization's logo (an attachment of the organization, or none)
 * above texts and rich texts with variables.
 */
export const reportCoverContentSchema = z
  .object({
    version: z.literal(reportContentVersion),
    logoAttachmentId: uuidSchema.nullable().default(null),
    elements: z.array(reportElementSchema).max(50, { message: 'Too many' }).default([]),
  })
  .strict()
  .superRefine((cover, context) => {
    checkTree(cover.elements, context);
    let other = false;
    walkReportElements(cover.elements, (element) => {
      if (element.kind !== 'text' && element.kind !== 'richText') other = true;
    });
    if (other) context.addIssue({ code: 'custom', message: reportErrors.coverElements, path: ['elements'] });
  });
export type ReportCoverContent = z.output<typeof reportCoverContentSchema>;

export const emptyReportCoverContent: ReportCoverContent = {
  version: reportContentVersion,
  logoAttachmentId: null,
  elements: [],
};

const coverField = z.unknown().transform((value, context) => {
  if (
    JSON.stringify(value ?? null).length > reportBounds.contentBytesMax ||
    jsonDepth(value) > reportBounds.jsonDepthMax
  ) {
    context.addIssue({ code: 'custom', message: reportErrors.tooLarge });
    return z.NEVER;
  }
  const parsed = reportCoverContentSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid cover' });
  return z.NEVER;
});

export const createReportCoverInput = z
  .object({ organizationId: uuidSchema, name: nameField, cover: coverField.optional() })
  .strict();
export const updateReportCoverInput = z
  .object({ id: intId, name: nameField.optional(), cover: coverField.optional() })
  .strict();
export type CreateReportCoverInput = z.output<typeof createReportCoverInput>;
export type UpdateReportCoverInput = z.output<typeof updateReportCoverInput>;
