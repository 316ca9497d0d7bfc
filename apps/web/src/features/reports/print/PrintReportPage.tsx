import { isLanguage, type Language } from '@olo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicReportFieldsFragment, ReportFieldsFragment } from '../../../graphql/generated.ts';
import { storeChosenLanguage } from '../../i18n/i18n.ts';
import { ReportDocument } from '../document/ReportDocument.tsx';
import { reportContextOf, reportModelOf } from '../document/reportModel.ts';
import type { ReportSources } from '../document/reportScope.ts';
import { dropReportEngines } from '../document/useReportData.ts';
import styles from './PrintReportPage.module.css';

/**
 * What the PDF renderer gives the print page through `window.__oloPrint` (`PrintPage`): the report as the
 * GraphQL fragments answer it (a member's `ReportFields` or a published one's `PublicReportFields`), where its
 * values and images are asked (the renderer answers those requests in-process), the language of its texts, and the
 * page margin (a CSS length) and extra CSS of its print template.
 */
export interface PrintReportInit {
  report: ReportFieldsFragment | PublicReportFieldsFragment;
  sources: { dataPath: string; attachmentBase: string };
  language?: Language;
  margin?: string;
  /** The print template's extra CSS (checked on saving: no @import, no url() but data:). */
  css?: string;
}

/**
 * The PDF renderer's hold on a loaded print page (its contract is in `channels/pdf/pdf-renderer.ts`): `(init, job)`
 * draws a report inside `[data-print-job="<job>"]`, replacing the one before; `(null, 0)` empties the page. The page
 * stays loaded between reports, so the app is loaded once per pooled browser page rather than once per PDF.
 */
export type PrintPage = (init: PrintReportInit | null, job: number) => void;

declare global {
  interface Window {
    __oloPrint?: PrintPage;
  }
}

/** A CSS length the print template allows (its schema bounds it); anything else keeps the document's own margin. */
const cssLength = /^\d+(\.\d+)?(mm|cm|in|px)$/;

export function printSources(sources: PrintReportInit['sources']): ReportSources {
  return {
    dataPath: sources.dataPath,
    attachmentUrl: (attachmentId) => `${sources.attachmentBase}/${encodeURIComponent(attachmentId)}`,
  };
}

function PrintReport({ init }: { init: PrintReportInit }) {
  const { i18n } = useTranslation();
  const language = isLanguage(init.language) ? init.language : null;
  const [languageReady, setLanguageReady] = useState(language === null || i18n.language === language);
  useEffect(() => {
    if (!language) return;
    // Remembered as the page's choice too, so that the shell's language sync keeps it.
    storeChosenLanguage(language);
    void i18n.changeLanguage(language).then(() => setLanguageReady(true));
  }, [language, i18n]);
  useEffect(() => {
    // Paper: the app's print rules apply whatever the media the page is looked at with.
    document.documentElement.classList.add('print');
    return () => document.documentElement.classList.remove('print');
  }, []);
  const model = useMemo(() => reportModelOf(init.report), [init.report]);
  const context = useMemo(() => reportContextOf(init.report.context), [init.report.context]);
  const sources = useMemo(() => printSources(init.sources), [init.sources]);
  if (!model.success) return <p data-testid="print-report-unreadable">{i18n.t(model.message)}</p>;
  // Drawn once the texts are in the report's language, so that the readiness flag never stands for other texts.
  if (!languageReady) return null;
  const margin = init.margin && cssLength.test(init.margin) ? init.margin : null;
  return (
    <div className={styles.page}>
      <ReportDocument report={model.model} context={context} sources={sources} />
      {/* After the document's own @page rule, which it overrides. */}
      {margin && <style>{`@page { margin: ${margin}; }`}</style>}
      {init.css && <style>{init.css}</style>}
    </div>
  );
}

/**
 * `/print/report`: the page the PDF renderer prints, linked from nowhere. It draws the report it is handed (no query
 * of its own) with the same components as the screen; until then it says it has none.
 */
export function PrintReportPage() {
  const [job, setJob] = useState<{ init: PrintReportInit; number: number } | null>(null);
  useEffect(() => {
    window.__oloPrint = (init, number) => {
      // Values fetched for the report before, under its asker's access, are not kept for the next one.
      dropReportEngines();
      setJob(init?.report ? { init, number } : null);
    };
    return () => {
      delete window.__oloPrint;
    };
  }, []);
  if (!job) return <p data-testid="print-report-missing">No report to print.</p>;
  return (
    <div data-print-job={job.number}>
      <PrintReport key={job.number} init={job.init} />
    </div>
  );
}
