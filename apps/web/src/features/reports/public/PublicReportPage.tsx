import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { Alert, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicReportDocument, type PublicReportFieldsFragment } from '../../../graphql/generated.ts';
import { usePageEntityName } from '../../layout/documentTitle.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { ReportDocument } from '../document/ReportDocument.tsx';
import { publicReportSources, reportContextOf, reportModelOf } from '../document/reportModel.ts';
import { DownloadPdfButton } from '../download/DownloadPdfButton.tsx';
import { linkLanguage, publicReportPdfUrl } from '../download/reportPdf.ts';
import classes from './PublicReportPage.module.css';

function ReportNotPublished() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('The link does not work')} data-testid="public-report-not-found" mt="xl">
      {t('This report is not published, or its link has changed.')}
    </Alert>
  );
}

function PublicReportView({ report }: { report: PublicReportFieldsFragment }) {
  const { t, i18n } = useTranslation();
  usePageEntityName(report.name);
  const model = useMemo(() => reportModelOf(report), [report]);
  const context = useMemo(() => reportContextOf(report.context), [report.context]);
  const sources = useMemo(() => publicReportSources(report.publicId), [report.publicId]);
  if (!model.success) {
    return (
      <Alert color="red" title={t('The report cannot be shown')} data-testid="public-report-unreadable" mt="xl">
        {t(model.message)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end" className={classes.screenOnly}>
        <DownloadPdfButton
          url={publicReportPdfUrl(report.publicId, linkLanguage(i18n.language))}
          reportName={report.name}
        />
      </Group>
      <ReportDocument report={model.model} context={context} sources={sources} />
    </Stack>
  );
}

/** A published report as anybody with its link sees it, signed in or not: the document alone, read-only. */
export function PublicReportPage() {
  const { reportPublicId = '' } = useParams();
  const { data, loading, error } = useQuery(PublicReportDocument, { variables: { publicId: reportPublicId } });
  // The server answers every unusable id alike (unknown, malformed, unpublished, replaced by a new publication).
  if (CombinedGraphQLErrors.is(error) || data?.publicReport === null) return <ReportNotPublished />;
  if (!data?.publicReport) return <QueryState loading={loading} error={error} />;
  return <PublicReportView report={data.publicReport} />;
}
