import { parseReportContent, type ReportContent } from './content.ts';

/** Content as a test writes it, parsed, or the parse's message thrown. */
export function parsedReportContent(stored: unknown): ReportContent {
  const result = parseReportContent(stored);
  if (!result.success) throw new Error(result.message);
  return result.data;
}
