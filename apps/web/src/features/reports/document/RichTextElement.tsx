import {
  fillReportVariables,
  isSafeReportLink,
  type ReportElementOf,
  type ReportVariableName,
  type RichTextNode,
} from '@olo/shared';
import { Fragment, type ReactNode } from 'react';
import styles from './ReportDocument.module.css';
import type { ReportScope } from './reportScope.ts';
import { useReportVariables } from './reportVariables.ts';

type Variables = Partial<Record<ReportVariableName, string>>;

type Mark = NonNullable<RichTextNode['marks']>[number];

/** A table cell's span: TipTap writes 1 when the cell spans nothing; anything odd is drawn as 1. */
function span(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 100 ? value : undefined;
}

function withMark(content: ReactNode, mark: Mark): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong>{content}</strong>;
    case 'italic':
      return <em>{content}</em>;
    case 'underline':
      return <u>{content}</u>;
    case 'strike':
      return <s>{content}</s>;
    case 'code':
      return <code>{content}</code>;
    case 'link': {
      const href = mark.attrs?.href;
      // Stored content is checked on saving, but a report is drawn from whatever the server holds: check again.
      if (typeof href !== 'string' || !isSafeReportLink(href)) return content;
      return (
        <a href={href.trim()} rel="noopener noreferrer nofollow">
          {content}
        </a>
      );
    }
    default:
      return content;
  }
}

function nodes(list: readonly RichTextNode[] | undefined, variables: Variables): ReactNode[] {
  return (list ?? []).map((node, index) => richTextNode(node, index, variables));
}

/** One node of a TipTap document as React elements; only the node types and attributes named are drawn, never HTML. */
function richTextNode(node: RichTextNode, key: number, variables: Variables): ReactNode {
  switch (node.type) {
    case 'doc':
      return nodes(node.content, variables);
    case 'text':
      return (
        <Fragment key={key}>
          {(node.marks ?? []).reduce<ReactNode>(withMark, fillReportVariables(node.text ?? '', variables))}
        </Fragment>
      );
    case 'paragraph': {
      const content = nodes(node.content, variables);
      // An empty paragraph is a blank line in the editor; keep its height.
      return <p key={key}>{content.length > 0 ? content : <br />}</p>;
    }
    case 'heading': {
      const level = node.attrs?.level;
      const Tag = `h${typeof level === 'number' && level >= 1 && level <= 6 ? Math.floor(level) : 2}` as 'h2';
      return <Tag key={key}>{nodes(node.content, variables)}</Tag>;
    }
    case 'hardBreak':
      return <br key={key} />;
    case 'bulletList':
      return <ul key={key}>{nodes(node.content, variables)}</ul>;
    case 'orderedList': {
      const start = node.attrs?.start;
      return (
        <ol key={key} start={typeof start === 'number' && Number.isInteger(start) && start !== 1 ? start : undefined}>
          {nodes(node.content, variables)}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{nodes(node.content, variables)}</li>;
    case 'blockquote':
      return <blockquote key={key}>{nodes(node.content, variables)}</blockquote>;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'table':
      // A wide table scrolls inside its own box rather than widening the page; the box takes focus so that keyboard
      // users can scroll it too.
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        <div key={key} className={styles.tableScroll} tabIndex={0}>
          <table className={styles.richTable}>
            <tbody>{nodes(node.content, variables)}</tbody>
          </table>
        </div>
      );
    case 'tableRow':
      return <tr key={key}>{nodes(node.content, variables)}</tr>;
    case 'tableHeader':
    case 'tableCell': {
      const Cell = node.type === 'tableHeader' ? 'th' : 'td';
      return (
        <Cell key={key} colSpan={span(node.attrs?.colspan)} rowSpan={span(node.attrs?.rowspan)}>
          {nodes(node.content, variables)}
        </Cell>
      );
    }
    default:
      return null;
  }
}

/** A TipTap document drawn as React elements (headings, paragraphs, lists, marks, safe links, simple tables). */
export function RichTextContent({ doc, variables = {} }: { doc: RichTextNode; variables?: Variables }) {
  return <div className={styles.richText}>{richTextNode(doc, 0, variables)}</div>;
}

/** A rich text whose runs of text may hold the report's variables (`{project.name}`), filled as a text's are. */
export function RichTextElement({ element, scope }: { element: ReportElementOf<'richText'>; scope: ReportScope }) {
  const variables = useReportVariables(scope);
  return <RichTextContent doc={element.doc} variables={variables} />;
}
