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

/** `{name}` replaced by its value where the value is given; other braces are left as written. */
export function fillReportVariables(text: string, values: Partial<Record<ReportVariableName, string>>): string {
  return text.replace(
    /\{([a-z]+(?:\.[a-z]+)?)\}/g,
    (whole, name: string) => values[name as ReportVariableName] ?? whole,
  );
}
