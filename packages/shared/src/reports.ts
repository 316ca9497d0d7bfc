/**
 * Reports (spec §3 Report, Report cover): a document whose content is a tree of elements, written
 * once (often as a template) and rendered the same on the screen, at the public link and in the
 * PDF. One zod schema validates the tree; stored content carries its version and is upgraded on
 * reading (`parseReportContent`), so reports stored under an older version keep opening.
 * Messages are i18n keys.
 */
export * from './reports/bounds.ts';
export * from './reports/content.ts';
export * from './reports/covers.ts';
export * from './reports/dataslots.ts';
export * from './reports/elements.ts';
export * from './reports/inputs.ts';
export * from './reports/periods.ts';
export * from './reports/rich-text.ts';
export * from './reports/schedules.ts';
export * from './reports/selections.ts';
export * from './reports/template-mapping.ts';
export * from './reports/variables.ts';
