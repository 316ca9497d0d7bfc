import type { ReportElement, ReportElementKind } from '@olo/shared';
import type { ReactNode } from 'react';
import { ClassificationElement } from './ClassificationElement.tsx';
import { DataTableElement } from './DataTableElement.tsx';
import { DryingForecastElement } from './DryingForecastElement.tsx';
import { GraphElement } from './GraphElement.tsx';
import { ImageTourElement } from './ImageTourElement.tsx';
import styles from './ReportDocument.module.css';
import { RichTextElement } from './RichTextElement.tsx';
import type { ReportScope } from './reportScope.ts';
import { SummaryElement } from './SummaryElement.tsx';
import { TextElement } from './TextElement.tsx';

/** The kinds that draw values: each sets `data-report-element-ready="true"` on its root once they are drawn. */
export const reportDataKinds: ReadonlySet<ReportElementKind> = new Set([
  'graph',
  'dataTable',
  'summary',
  'imageTour',
  'dryingForecast',
]);

/** The element itself, without its children. */
export function ReportElementBody({ element, scope }: { element: ReportElement; scope: ReportScope }) {
  switch (element.kind) {
    case 'richText':
      return <RichTextElement element={element} scope={scope} />;
    case 'text':
      return <TextElement element={element} scope={scope} />;
    case 'graph':
      return <GraphElement element={element} scope={scope} />;
    case 'dataTable':
      return <DataTableElement element={element} scope={scope} />;
    case 'summary':
      return <SummaryElement element={element} scope={scope} />;
    case 'imageTour':
      return <ImageTourElement element={element} scope={scope} />;
    case 'dryingForecast':
      return <DryingForecastElement element={element} scope={scope} />;
    case 'classification':
      return <ClassificationElement element={element} scope={scope} />;
  }
}

/**
 * The scopes an element's children are drawn in: its own, or, when it repeats them, one per shown space of the
 * project in the project's order with `currentSpace` bound to it (no shown space: none).
 */
export function childScopes(element: ReportElement, scope: ReportScope): ReportScope[] {
  if (!element.repeatPerSpace) return [scope];
  return scope.context.spaces.filter((space) => space.show).map((space) => ({ ...scope, currentSpace: space }));
}

/** Draws a child element; the editor passes its own to put each child in its selection frame. */
export type RenderReportChild = (child: ReportElement, scope: ReportScope) => ReactNode;

/**
 * An element of a report and, below it, its children: once, or once per shown space when it repeats them. The
 * root carries the element's id and kind; `data-report-body` wraps the element alone, so that readiness is asked of
 * the element and not of its children.
 */
export function ReportElementView({
  element,
  scope,
  renderChild,
}: {
  element: ReportElement;
  scope: ReportScope;
  renderChild?: RenderReportChild;
}) {
  const draw: RenderReportChild =
    renderChild ?? ((child, childScope) => <ReportElementView key={child.id} element={child} scope={childScope} />);
  const children = (childScope: ReportScope) => element.children.map((child) => draw(child, childScope));
  return (
    <div
      className={styles.element}
      data-report-element={element.id}
      data-report-kind={element.kind}
      data-page-break-before={element.pageBreakBefore || undefined}
    >
      <div className={styles.body} data-report-body={element.kind}>
        <ReportElementBody element={element} scope={scope} />
      </div>
      {element.children.length > 0 &&
        (element.repeatPerSpace ? (
          childScopes(element, scope).map((spaceScope) => (
            <section
              key={spaceScope.currentSpace?.id}
              className={styles.children}
              aria-label={spaceScope.currentSpace?.name}
              data-report-space={spaceScope.currentSpace?.id}
            >
              {children(spaceScope)}
            </section>
          ))
        ) : (
          <div className={styles.children}>{children(scope)}</div>
        ))}
    </div>
  );
}
