import { type ComponentProps, useMemo, useRef, useState } from 'react';
import { DisplayTimeZone } from '../../ui/timeZone.tsx';
import { CoverPage } from './CoverPage.tsx';
import styles from './ReportDocument.module.css';
import { ReportElementView } from './ReportElementView.tsx';
import { defaultPageMargin, ReportPaper } from './ReportPaper.tsx';
import type { ReportContextInfo, ReportModel, ReportScope, ReportSources } from './reportScope.ts';
import { useReportReady } from './useReportReady.ts';

/** Page-shaped sheets in a report's orientation, with its paper when printed; the editor's canvas is drawn in them too. */
export function ReportPages({
  landscape,
  margin = defaultPageMargin,
  className,
  children,
  ...rest
}: ComponentProps<'div'> & { landscape: boolean; margin?: string }) {
  const orientation = landscape ? 'landscape' : 'portrait';
  return (
    <div
      className={[styles.document, styles[orientation], className].filter(Boolean).join(' ')}
      data-orientation={orientation}
      {...rest}
    >
      {/* The paper of a printed report. Named pages would do it in CSS alone, but content outside them (the page's
          header) would then get a sheet of the browser's default size to itself. */}
      <style>{`@page { size: A4 ${orientation}; margin: ${margin}; }`}</style>
      {children}
    </div>
  );
}

/** One A4 sheet (at least a page tall, growing with its content) inside `ReportPages`. */
export function ReportSheet({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={className ? `${styles.sheet} ${className}` : styles.sheet} {...rest} />;
}

/**
 * A report drawn read-only as A4 pages (portrait or landscape) with its print template's margin: the cover first,
 * then its elements laid onto pages where the printer breaks them, the same on the screen, at the public link and
 * in the PDF (decision 0160). Times are shown in the project's zone. The root says `data-report-ready="true"` once
 * every data element has drawn its values and the pages are laid out.
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
  const margin = report.pageMargin ?? defaultPageMargin;
  const scope = useMemo<ReportScope>(
    () => ({ report, context, sources, currentSpace: null }),
    [report, context, sources],
  );
  const root = useRef<HTMLDivElement>(null);
  const drawn = useReportReady(root);
  const [paginated, setPaginated] = useState(false);
  const ready = drawn && paginated;
  return (
    <DisplayTimeZone zone={context.timeZone}>
      <ReportPages
        ref={root}
        landscape={report.landscape}
        margin={margin}
        data-report-ready={ready ? 'true' : 'false'}
        aria-busy={!ready}
        data-testid="report-document"
      >
        <ReportPaper
          landscape={report.landscape}
          margin={margin}
          ready={drawn}
          onPaginated={setPaginated}
          cover={report.cover && <CoverPage cover={report.cover.cover} scope={scope} />}
        >
          {report.content.elements.map((element) => (
            <ReportElementView key={element.id} element={element} scope={scope} />
          ))}
        </ReportPaper>
      </ReportPages>
    </DisplayTimeZone>
  );
}
