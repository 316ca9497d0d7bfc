import type { ReportElement } from '@olo/shared';
import { useMemo, useRef } from 'react';
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
  const orientation = report.landscape ? 'landscape' : 'portrait';
  return (
    <DisplayTimeZone zone={context.timeZone}>
      <div
        ref={root}
        className={`${styles.document} ${styles[orientation]}`}
        data-orientation={orientation}
        data-report-ready={ready ? 'true' : 'false'}
        aria-busy={!ready}
        data-testid="report-document"
      >
        {report.cover && <CoverPage cover={report.cover.cover} scope={scope} />}
        {reportSheets(report.content.elements).map((elements, index) => (
          <div key={elements[0]?.id ?? index} className={styles.sheet} data-testid="report-sheet">
            {elements.map((element) => (
              <ReportElementView key={element.id} element={element} scope={scope} />
            ))}
          </div>
        ))}
      </div>
    </DisplayTimeZone>
  );
}
