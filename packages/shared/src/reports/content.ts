import { z } from 'zod';
import { reportBounds, reportErrors } from './bounds.ts';
import { checkReportTree, newReportElementId, reportElementSchema } from './elements.ts';

/** The content version this code writes; `upgradeReportContent` brings older ones to it. */
export const reportContentVersion = 1;

export const reportContentSchema = z
  .object({
    version: z.literal(reportContentVersion),
    elements: z.array(reportElementSchema).default([]),
  })
  .strict()
  .superRefine((content, context) => checkReportTree(content.elements, context));
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
