import { fillReportVariables, type ReportElementOf } from '@olo/shared';
import styles from './ReportDocument.module.css';
import type { ReportScope } from './reportScope.ts';
import { useReportVariables } from './reportVariables.ts';

/** The heading level of each text style: a report's title is its page's first heading. */
const tags = { title: 'h1', heading: 'h2', subheading: 'h3', paragraph: 'p' } as const;

/** A short text or heading with the report's variables filled in the report's language. */
export function TextElement({ element, scope }: { element: ReportElementOf<'text'>; scope: ReportScope }) {
  const variables = useReportVariables(scope);
  const text = fillReportVariables(element.text, variables);
  // An empty heading would be announced as a heading with no name; a text not yet written draws nothing.
  if (text.trim() === '') return null;
  const Tag = tags[element.style];
  return <Tag className={styles[element.style]}>{text}</Tag>;
}
