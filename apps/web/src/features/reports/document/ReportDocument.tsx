import type { ReportElement } from '@olo/shared';
import { type ComponentProps, useMemo, useRef } from 'react';
import { DisplayTimeZone } from '../../ui/timeZone.tsx';
import { CoverPage } from './CoverPage.tsx';
import styles from './ReportDocument.module.css';
import { ReportElementView } from './ReportElementView.tsx';
import type { ReportContextInfo, ReportModel, ReportScope, ReportSources } from './reportScope.ts';
import { useReportReady } from './useReportReady.ts';

/** The top-level elements by sheet: a new sheet at each one that starts a new page. Always at least one sheet. */
export function reportSheets(elements: readonly ReportElement[]): ReportElement[][] {
  const sheets: ReportElement[][] = [[]];
  for (const element of elements) {
    const current = sheets[sheets.length - 1] as ReportElement[];
    if (element.pageBreakBefore && current.length > 0) sheets.push([element]);
    else current.push(element);
  }
  return sheets;
}

/** Page-shaped sheets in a report's orientation, with its paper when printed; the editor's canvas is drawn in them too. */
export function ReportPages({
  landscape,
  className,
  children,
  ...rest
}: ComponentProps<'div'> & { landscape: boolean }) {
  const orientation = landscape ? 'landscape' : 'portrait';
  return (
    <div
      className={[styles.document, styles[orientation], className].filter(Boolean).join(' ')}
      data-orientation={orientation}
      {...rest}
    >
      {/* The paper of a printed report. Named pages would do it in CSS alone, but content outside them (the page's
          header) would then get a sheet of the browser's default size to itself. */}
      <style>{`@page { size: A4 ${orientation}; margin: 15mm; }`}</style>
      {children}
    </div>
  );
}

/** One A4 sheet (at least a page tall, growing with its content) inside `ReportPages`. */
export function ReportSheet({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={className ? `${styles.sheet} ${className}` : styles.sheet} {...rest} />;
}

/**
 * A report drawn read-only as page-shaped sheets (A4, portrait or landscape): the cover first, then its elements,
 * the same on the screen, at the public link and in the PDF. Times are shown in the project's zone. The root says
 * `data-report-ready="true"` once every data element has drawn its values.
 */
export function ReportDocument({
  report,
  context,
  sources,
}: {
  report: ReportModel;
  context: ReportContextInfo;
  sources: ReportSources;
}) {
  const scope = useMemo<ReportScope>(
    () => ({ report, context, sources, currentSpace: null }),
    [report, context, sources],
  );
  const root = useRef<HTMLDivElement>(null);
  const ready = useReportReady(root);
  return (
    <DisplayTimeZone zone={context.timeZone}>
      <ReportPages
        ref={root}
        landscape={report.landscape}
        data-report-ready={ready ? 'true' : 'false'}
        aria-busy={!ready}
        data-testid="report-document"
      >
        {report.cover && <CoverPage cover={report.cover.cover} scope={scope} />}
        {reportSheets(report.content.elements).map((elements, index) => (
          <ReportSheet key={elements[0]?.id ?? index} data-testid="report-sheet">
            {elements.map((element) => (
              <ReportElementView key={element.id} element={element} scope={scope} />
            ))}
          </ReportSheet>
        ))}
      </ReportPages>
    </DisplayTimeZone>
  );
}
