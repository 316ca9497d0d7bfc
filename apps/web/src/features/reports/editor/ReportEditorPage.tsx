import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { reportDataslotsSchema } from '@olo/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  ReportEditorDocument,
  ReportEditorExtrasDocument,
  ReportEditorPublishDocument,
  ReportEditorSaveDocument,
  ReportEditorUnpublishDocument,
  type ReportFieldsFragment,
} from '../../../graphql/generated.ts';
import { usePageEntityName } from '../../layout/documentTitle.ts';
import { parseProjectId, useProjectIdParam, useProjectPrivileges } from '../../projects/useProject.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { ReportDocument } from '../document/ReportDocument.tsx';
import { memberReportSources, reportContextOf, reportCoverOf, reportModelOf } from '../document/reportModel.ts';
import { DownloadPdfButton } from '../download/DownloadPdfButton.tsx';
import { linkLanguage, reportPdfUrl } from '../download/reportPdf.ts';
import { ReportSendingPanel } from '../sending/ReportSendingPanel.tsx';
import { type ReportCoverChoice, ReportEditor } from './ReportEditor.tsx';
import type { ReportDraft } from './useReportAutosave.ts';

/** The draft the editor starts from, or the i18n key of why the report cannot be read. */
function draftOf(report: ReportFieldsFragment): { draft: ReportDraft } | { message: string } {
  const parsed = reportModelOf(report);
  if (!parsed.success) return { message: parsed.message };
  const { model } = parsed;
  return {
    draft: {
      name: model.name,
      content: model.content,
      dataslots: model.dataslots,
      from: model.from,
      to: model.to,
      period: report.period ? { kind: report.period.kind, days: report.period.days ?? null } : null,
      landscape: model.landscape,
      coverId: report.coverId ?? null,
      printtemplateId: report.printtemplateId ?? null,
      template: report.template,
      summary: report.summary,
    },
  };
}

/** A local refusal in the server's shape, so that it is shown as the server's messages are. */
function refusal(message: string): CombinedGraphQLErrors {
  return new CombinedGraphQLErrors({ data: null, errors: [{ message }] });
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('No permission')} data-testid="report-not-found">
      {t('This report is not found, or you may not see it.')}
    </Alert>
  );
}

function BackToReports({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const path = `/p/${projectId}/report`;
  return (
    <Anchor component={Link} to={path} size="sm">
      {t('All reports of the project')}
    </Anchor>
  );
}

/** The editor with the report's administrators' choices (covers, print templates) and its saving. */
function EditableReport({ report }: { report: ReportFieldsFragment }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const extras = useQuery(ReportEditorExtrasDocument, { variables: { projectId: report.projectId } });
  const [saveReport] = useMutation(ReportEditorSaveDocument);
  const [publishReport] = useMutation(ReportEditorPublishDocument);
  const [unpublishReport] = useMutation(ReportEditorUnpublishDocument);
  const start = useMemo(() => draftOf(report), [report]);
  const context = useMemo(() => reportContextOf(report.context), [report.context]);

  const save = useCallback(
    async (draft: ReportDraft, version: number) => {
      // A data slot being typed (an empty name) would be refused: say so without sending it.
      const slots = reportDataslotsSchema.safeParse(draft.dataslots);
      if (!slots.success) throw refusal(slots.error.issues[0]?.message ?? 'Invalid');
      if (!draft.name.trim()) throw refusal('Required');
      const { data } = await saveReport({
        variables: {
          input: {
            id: report.id,
            version,
            name: draft.name,
            content: draft.content,
            dataslots: slots.data,
            from: new Date(draft.from).toISOString(),
            to: new Date(draft.to).toISOString(),
            period: draft.period,
            landscape: draft.landscape,
            coverId: draft.coverId,
            printtemplateId: draft.printtemplateId,
            template: draft.template,
            summary: draft.summary,
          },
        },
      });
      if (!data) throw refusal('The server could not be reached. Please try again.');
      return data.updateReport.version;
    },
    [report.id, saveReport],
  );

  const setPublished = useCallback(
    async (published: boolean) => {
      if (published) {
        const { data } = await publishReport({ variables: { id: report.id } });
        if (!data) throw refusal('The server could not be reached. Please try again.');
        return { publicId: data.publishReport.publicId ?? null, version: data.publishReport.version };
      }
      const { data } = await unpublishReport({ variables: { id: report.id } });
      if (!data) throw refusal('The server could not be reached. Please try again.');
      return { publicId: data.unpublishReport.publicId ?? null, version: data.unpublishReport.version };
    },
    [report.id, publishReport, unpublishReport],
  );

  const reload = useCallback(async () => {
    const { data } = await client.query({
      query: ReportEditorDocument,
      variables: { id: report.id },
      fetchPolicy: 'network-only',
    });
    const fresh = data?.report;
    if (!fresh) throw refusal('This report is not found, or you may not see it.');
    const next = draftOf(fresh);
    if ('message' in next) throw refusal(next.message);
    return { draft: next.draft, version: fresh.version };
  }, [client, report.id]);

  const covers = useMemo<ReportCoverChoice[]>(() => {
    const offered = (extras.data?.reportExtras.covers ?? []).flatMap((cover) => {
      const parsed = reportCoverOf(cover);
      return parsed ? [{ id: cover.id, name: cover.name, cover: parsed.cover }] : [];
    });
    // The report's own cover stays choosable (and drawn) even when the extras have not come yet.
    const own = reportCoverOf(report.cover);
    if (report.cover && own && !offered.some((cover) => cover.id === report.cover?.id)) {
      offered.unshift({ id: report.cover.id, name: own.name, cover: own.cover });
    }
    return offered;
  }, [extras.data, report.cover]);

  if ('message' in start) {
    return <Alert color="red">{t(start.message)}</Alert>;
  }
  return (
    <ReportEditor
      reportId={report.id}
      version={report.version}
      initial={start.draft}
      publicId={report.published ? (report.publicId ?? null) : null}
      context={context}
      sources={memberReportSources}
      covers={covers}
      printTemplates={extras.data?.reportExtras.printTemplates ?? []}
      save={save}
      setPublished={setPublished}
      reload={reload}
    />
  );
}

/** The report for viewers who may not edit it: the document as its readers see it. */
function ReadOnlyReport({ report }: { report: ReportFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const parsed = useMemo(() => reportModelOf(report), [report]);
  const context = useMemo(() => reportContextOf(report.context), [report.context]);
  if (!parsed.success) return <Alert color="red">{t(parsed.message)}</Alert>;
  return (
    <Stack gap="md">
      <PageHeader
        title={report.name}
        actions={
          <DownloadPdfButton url={reportPdfUrl(report.id, linkLanguage(i18n.language))} reportName={report.name} />
        }
      />
      <ReportDocument report={parsed.model} context={context} sources={memberReportSources} />
    </Stack>
  );
}

/** `/p/:projectId/report/:reportId`: the report's editor for its administrators, the document for its viewers. */
export function ReportEditorPage() {
  const projectId = useProjectIdParam();
  const reportId = parseProjectId(useParams().reportId);
  const { can, loading: rightsLoading } = useProjectPrivileges(projectId);
  const { data, loading, error } = useQuery(ReportEditorDocument, {
    variables: { id: reportId ?? 0 },
    skip: reportId === null,
  });
  const report = data?.report ?? null;
  usePageEntityName(report?.name);
  if (reportId === null || projectId === null) return <NotFound />;
  return (
    <Stack gap="sm">
      <BackToReports projectId={projectId} />
      {/* Folded above the report, so that the editor's side panel keeps its place while a long report scrolls. */}
      {report && report.projectId === projectId && (
        <ReportSendingPanel
          reportId={report.id}
          projectId={projectId}
          timeZone={report.context.timeZone}
          canAdmin={can('adminReports')}
        />
      )}
      <QueryState loading={loading || rightsLoading} error={error} data={data}>
        {!report || report.projectId !== projectId ? (
          <NotFound />
        ) : can('adminReports') ? (
          <EditableReport key={report.id} report={report} />
        ) : (
          <ReadOnlyReport report={report} />
        )}
      </QueryState>
    </Stack>
  );
}
