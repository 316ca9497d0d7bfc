import type { ReportCoverContent } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import styles from './ReportDocument.module.css';
import { ReportElementView } from './ReportElementView.tsx';
import type { ReportScope } from './reportScope.ts';
import { useReportVariables } from './reportVariables.ts';

/**
 * A report's first page, laid out by design (decision 0162): the organization's logo and name at the top, the
 * cover's texts and rich texts as the title block a third down the page, their variables filled for the report, and
 * at the foot the report's facts (project, period, who prepared it, date). The editor and the organization's cover
 * preview draw it the same way.
 */
export function CoverPage({ cover, scope }: { cover: ReportCoverContent; scope: ReportScope }) {
  const { t } = useTranslation();
  const values = useReportVariables(scope);
  const facts = [
    [t('Project'), scope.context.projectName],
    [t('Period'), `${values['report.from']} – ${values['report.to']}`],
    [t('Prepared by'), scope.context.organizationName],
    [t('Date'), values.today],
  ] as const;
  return (
    <section className={`${styles.sheet} ${styles.cover}`} aria-label={t('Cover')} data-testid="report-cover">
      <div className={styles.coverTop}>
        {cover.logoAttachmentId && (
          <img
            className={styles.logo}
            src={scope.sources.attachmentUrl(cover.logoAttachmentId)}
            alt={t('Logo of {{name}}', { name: scope.context.organizationName })}
          />
        )}
        <span className={styles.coverOrganization}>{scope.context.organizationName}</span>
      </div>
      <div className={styles.coverElements} data-testid="report-cover-title">
        {cover.elements.map((element) => (
          <ReportElementView key={element.id} element={element} scope={scope} />
        ))}
      </div>
      <dl className={styles.coverFacts} data-testid="report-cover-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
