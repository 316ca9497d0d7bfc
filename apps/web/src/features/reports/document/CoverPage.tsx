import type { ReportCoverContent } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import styles from './ReportDocument.module.css';
import { ReportElementView } from './ReportElementView.tsx';
import type { ReportScope } from './reportScope.ts';

/**
 * A report's first page: the organization's logo above the cover's texts and rich texts, their variables filled
 * for the report. The editor and the organization's cover preview draw it the same way.
 */
export function CoverPage({ cover, scope }: { cover: ReportCoverContent; scope: ReportScope }) {
  const { t } = useTranslation();
  return (
    <section className={`${styles.sheet} ${styles.cover}`} aria-label={t('Cover')} data-testid="report-cover">
      {cover.logoAttachmentId && (
        <img
          className={styles.logo}
          src={scope.sources.attachmentUrl(cover.logoAttachmentId)}
          alt={t('Logo of {{name}}', { name: scope.context.organizationName })}
        />
      )}
      <div className={styles.coverElements}>
        {cover.elements.map((element) => (
          <ReportElementView key={element.id} element={element} scope={scope} />
        ))}
      </div>
    </section>
  );
}
