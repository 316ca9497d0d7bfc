import { z } from 'zod';
import { isValidSlotSeconds } from '../data-slots.ts';
import { dataFilterSchema, dataModes, dataViewBounds, dataViewErrors } from '../data-views.ts';
import { dryingForecastBounds, dryingForecastDefaults } from '../drying-forecast.ts';
import { uuidSchema } from '../input-fields.ts';
import { reportBounds, reportErrors } from './bounds.ts';
import { emptyRichTextDoc, richTextDocSchema } from './rich-text.ts';
import { reportSeriesSelectionSchema } from './selections.ts';

/** An element's id: unique within its report, kept when the report is cloned. */
export const reportElementId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'Invalid id' });

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

/** The six kinds of element (spec §3), the drying forecast and the classification (issue 35). */
export const reportElementKinds = [
  'richText',
  'text',
  'graph',
  'dataTable',
  'imageTour',
  'summary',
  'dryingForecast',
  'classification',
] as const;
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

const dryingForecastElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('dryingForecast'),
    title,
    /** Its structure-moisture series get a forecast; its room humidity and temperature give the absolute humidity. */
    series: selections,
    data,
    /** The days before the newest reading that the drying curve is fitted to. */
    windowDays: z
      .number()
      .int({ message: 'Invalid number' })
      .min(dryingForecastBounds.windowDaysMin, { message: 'Too small' })
      .max(dryingForecastBounds.windowDaysMax, { message: 'Too large' })
      .default(dryingForecastDefaults.windowDays),
  })
  .strict();

/** The indoor climate classification of the project's spaces over the element's range (decision 0193). */
const classificationElementFields = z
  .object({
    ...elementBase,
    kind: z.literal('classification'),
    title,
    /** Its range: the report's, or a data slot's (only `dataslotId` counts). */
    data,
    /** Shows the weekday × hour heat map of the worst-performing hours. */
    heatMap: z.boolean().default(true),
  })
  .strict();

type ReportElementFields =
  | z.output<typeof richTextElementFields>
  | z.output<typeof textElementFields>
  | z.output<typeof graphElementFields>
  | z.output<typeof dataTableElementFields>
  | z.output<typeof imageTourElementFields>
  | z.output<typeof summaryElementFields>
  | z.output<typeof dryingForecastElementFields>
  | z.output<typeof classificationElementFields>;

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
  dryingForecastElementFields.extend({ children }),
  classificationElementFields.extend({ children }),
]);
export type ReportElementOf<K extends ReportElementKind> = Extract<ReportElement, { kind: K }>;
export type ReportImageTourImage = z.output<typeof imageTourImage>;

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

/** The limits of a tree of elements (count, depth, unique ids), as a refinement of a report's or a cover's. */
export function checkReportTree(elements: readonly ReportElement[], context: z.RefinementCtx): void {
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

let generatedIds = 0;
/** A fresh element id (unique within a report; random enough that clones and pastes do not collide). */
export function newReportElementId(): string {
  generatedIds = (generatedIds + 1) % 1296;
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${generatedIds.toString(36)}`;
}
