import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, CopyButton, Group, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DeleteReportDocument,
  ProjectReportsDocument,
  type ReportAttentionFieldsFragment,
  type ReportListFieldsFragment,
  type ReportUnmappedFieldsFragment,
} from '../../../graphql/generated.ts';
import { DirtyFormsProvider } from '../../forms/DirtyFormsProvider.tsx';
import { useConfirmedAction } from '../../forms/useShowError.ts';
import { useProjectIdParam, useProjectShell } from '../../projects/useProject.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PermissionDenied } from '../../ui/QueryState.tsx';
import { useDisplayZone, useFormatDateTime } from '../../ui/timeZone.tsx';
import { DownloadPdfButton } from '../download/DownloadPdfButton.tsx';
import { linkLanguage, reportPdfUrl } from '../download/reportPdf.ts';
import { CloneReportForm } from './CloneReportForm.tsx';
import { CreateReportForm } from './CreateReportForm.tsx';
import { CreationNotice } from './CreationNotice.tsx';
import { publicReportPath, ReportLink, reportEditorPath } from './reportLinks.tsx';
import { reportRangeText } from './reportRange.ts';

/** Whether the report is public, with its link to open or copy; its summary and template flags. */
function ReportState({ report }: { report: ReportListFieldsFragment }) {
  const { t } = useTranslation();
  const path = report.publicId ? publicReportPath(report.publicId) : null;
  return (
    <Group gap={6} wrap="wrap">
      {report.published && path ? (
        <>
          <Badge color="green" variant="light">
            {t('Published')}
          </Badge>

          <Anchor href={path} target="_blank" rel="noopener" size="sm">
            {t('Public link')}
          </Anchor>
          <CopyButton value={`${window.location.origin}${path}`}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={copy}
                aria-label={t('Copy the public link of {{name}}', { name: report.name })}
              >
                {copied ? t('Copied') : t('Copy')}
              </Button>
            )}
          </CopyButton>
        </>
      ) : (
        <Badge color="gray" variant="light">
          {t('Not published')}
        </Badge>
      )}
      {report.summary && (
        <Badge color="blue" variant="light">
          {t('Summary report')}
        </Badge>
      )}
      {report.template && (
        <Badge color="grape" variant="light">
          {t('Template')}
        </Badge>
      )}
    </Group>
  );
}

/** A report just created or cloned with what needs its author's attention: its notice, before going on to it. */
interface Created {
  report: ReportListFieldsFragment;
  unmapped: ReportUnmappedFieldsFragment[];
  attention: ReportAttentionFieldsFragment[];
}

function ReportList({ projectId, canAdmin }: { projectId: number; canAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { zone } = useDisplayZone();
  const formatTime = useFormatDateTime('minute');
  const confirmed = useConfirmedAction();
  const { data, loading, error } = useQuery(ProjectReportsDocument, {
    variables: { projectId },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteReport] = useMutation(DeleteReportDocument, {
    refetchQueries: ['ProjectReports', 'ProjectSummaryReports'],
  });
  const [creating, setCreating] = useState(false);
  const [cloning, setCloning] = useState<ReportListFieldsFragment | null>(null);
  const [notice, setNotice] = useState<Created | null>(null);

  // Straight on to the new report, unless the user should first hear what needs their attention.
  const created = (result: Created) => {
    setCreating(false);
    setCloning(null);
    if (result.unmapped.length > 0 || result.attention.length > 0) setNotice(result);
    else navigate(reportEditorPath(result.report.projectId, result.report.id));
  };

  const remove = (report: ReportListFieldsFragment) =>
    confirmed(
      t('Delete the report {{name}}? Its public link stops working. This cannot be undone.', { name: report.name }),
      () => deleteReport({ variables: { id: report.id } }),
      t('Report deleted.'),
    );

  const reports = data?.reports;
  const formOpen = creating || cloning !== null;
  return (
    <section aria-labelledby="reports-title" data-testid="report-list-page">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="reports-title">
            {t('Reports')}
          </Title>
          {canAdmin && !formOpen && (
            <Button size="xs" variant="light" onClick={() => setCreating(true)}>
              {t('New report')}
            </Button>
          )}
        </Group>
        {notice && (
          <CreationNotice
            reportName={notice.report.name}
            editorPath={reportEditorPath(notice.report.projectId, notice.report.id)}
            unmapped={notice.unmapped}
            attention={notice.attention}
            onClose={() => setNotice(null)}
          />
        )}
        {creating && (
          <CreateReportForm
            projectId={projectId}
            timeZone={zone}
            onCreated={created}
            onCancel={() => setCreating(false)}
          />
        )}
        {cloning && (
          <CloneReportForm key={cloning.id} report={cloning} onCloned={created} onCancel={() => setCloning(null)} />
        )}
        <ListTable
          loading={loading && !data}
          error={data ? undefined : error}
          items={reports}
          empty={
            !creating && (
              <EmptyState
                testId="reports-empty"
                title={t('No reports yet')}
                action={canAdmin ? { label: t('New report'), onClick: () => setCreating(true) } : null}
              >
                {canAdmin
                  ? t(
                      'A report is a document of the project’s measurements over a period: texts, graphs, tables and photos. Start from a blank page or from a template of your organization.',
                    )
                  : t('The report administrators of the project write its reports.')}
              </EmptyState>
            )
          }
          label={t('Reports')}
          testId="reports-table"
          minWidth={canAdmin ? 900 : 680}
          head={
            <>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Period')}</Table.Th>
              <Table.Th>{t('State')}</Table.Th>
              <Table.Th>{t('Updated')}</Table.Th>
              <Table.Th>{t('Actions')}</Table.Th>
            </>
          }
          row={(report) => (
            <Table.Tr key={report.id} data-testid="report-row">
              <Table.Td>
                <ReportLink projectId={projectId} id={report.id} name={report.name} />
              </Table.Td>
              {/* Days and times on one line: wrapped, "1.–30.11.2026" read as two periods (decision 0159). */}
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="report-period">
                {reportRangeText(report.from, report.to, i18n.language, zone)}
              </Table.Td>
              <Table.Td>
                <ReportState report={report} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="report-updated">
                {formatTime(report.updatedAt)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <DownloadPdfButton
                    url={reportPdfUrl(report.id, linkLanguage(i18n.language))}
                    reportName={report.name}
                    label={t('Download PDF: {{name}}', { name: report.name })}
                    variant="light"
                  />
                  {canAdmin && (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={formOpen}
                        onClick={() => setCloning(report)}
                        aria-label={t('Clone {{name}}', { name: report.name })}
                      >
                        {t('Clone')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => remove(report)}
                        aria-label={t('Delete {{name}}', { name: report.name })}
                      >
                        {t('Delete')}
                      </Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
    </section>
  );
}

/**
 * /p/:projectId/report: the project's reports with their period, publication and flags; report admins create (blank
 * or from a template), clone and delete them. Viewers of reports see the list alone.
 */
export function ReportListPage() {
  const projectId = useProjectIdParam();
  const { data } = useProjectShell(projectId);
  // The shell shows the project's loading and errors; this renders once the project is there.
  if (!data || projectId === null) return null;
  const { privileges } = data.project;
  const canAdmin = privileges.includes('adminReports');
  if (!canAdmin && !privileges.includes('viewReports')) return <PermissionDenied />;
  return (
    <DirtyFormsProvider key={projectId}>
      <ReportList projectId={projectId} canAdmin={canAdmin} />
    </DirtyFormsProvider>
  );
}
