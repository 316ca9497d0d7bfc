import { useQuery } from '@apollo/client/react';
import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatDateRange, formatDay } from '@olo/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectShellFieldsFragment, ProjectStatusDocument } from '../../graphql/generated.ts';
import { ProjectDryingForecasts } from '../drying-forecast/ProjectDryingForecasts.tsx';
import { OpenAlarms } from '../home/OpenAlarms.tsx';
import { ProjectStatusStrip } from '../home/ProjectStatusStrip.tsx';
import { useProjectsStatusLive } from '../home/useProjectsStatusLive.ts';
import { editTabPath, mayUseEditTab } from '../project-edit/editTabs.ts';
import { SummaryReports } from '../reports/list/SummaryReports.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadingSkeleton } from '../ui/QueryState.tsx';
import { Markdown } from './Markdown.tsx';
import { ProjectChecklist } from './ProjectChecklist.tsx';
import { useProjectIdParam, useProjectPrivileges, useProjectShell } from './useProject.ts';

type ShellPage = ProjectShellFieldsFragment['pages'][number];

function ProjectPeriod({ project }: { project: ProjectShellFieldsFragment }) {
  const { t, i18n } = useTranslation();
  if (!project.startAt && !project.endAt) return null;
  // Days in the project's own time zone, which is where its measurements happen.
  const options = { timeZone: project.timeZone };
  return (
    <Text size="sm" data-testid="project-period">
      {project.startAt && project.endAt
        ? t('Measurement period {{range}}', {
            range: formatDateRange(project.startAt, project.endAt, i18n.language, options),
          })
        : project.startAt
          ? t('Measurement started {{start}}', { start: formatDay(project.startAt, i18n.language, options) })
          : t('Measurement ends {{end}}', { end: formatDay(project.endAt, i18n.language, options) })}
    </Text>
  );
}

function SummaryPages({ project, pages }: { project: ProjectShellFieldsFragment; pages: ShellPage[] }) {
  const { t } = useTranslation();
  const [first] = pages;
  if (!first) {
    const canWrite = mayUseEditTab(project.privileges, 'pages');
    return (
      <EmptyState
        testId="project-pages-empty"
        title={t('This project has no summary pages yet.')}
        action={canWrite ? { label: t('Write a summary page'), to: editTabPath(project.id, 'pages') } : null}
      >
        {canWrite
          ? t('Summary pages tell viewers about the project: what is measured, where and why.')
          : t('The administrators of the project can write pages here that tell about it.')}
      </EmptyState>
    );
  }
  if (pages.length === 1) {
    return (
      <section data-testid="project-pages" aria-labelledby={`project-page-${first.id}`}>
        <Title order={2} id={`project-page-${first.id}`} mb="sm">
          {first.name}
        </Title>
        <Markdown content={first.content} />
      </section>
    );
  }
  return (
    <Tabs defaultValue={String(first.id)} data-testid="project-pages" keepMounted={false}>
      <Tabs.List aria-label={t('Summary pages')}>
        {pages.map((page) => (
          <Tabs.Tab key={page.id} value={String(page.id)}>
            {page.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {pages.map((page) => (
        <Tabs.Panel key={page.id} value={String(page.id)} pt="md">
          <Markdown content={page.content} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The project's status strip, with its open alarms for viewers who may see them. */
function ProjectStatus({ project }: { project: ProjectShellFieldsFragment }) {
  const { can } = useProjectPrivileges(project.id);
  // Every visit asks the server again; while shown, pushes and a re-check when a meter may fall silent keep it current.
  const { data, loading, refetch } = useQuery(ProjectStatusDocument, {
    variables: { id: project.id },
    fetchPolicy: 'cache-and-network',
  });
  const recheck = useCallback(() => void refetch(), [refetch]);
  useProjectsStatusLive(data ? [data.project] : undefined, recheck);
  // While the status loads its skeleton holds the card's place; a failed status leaves the rest of the page alone.
  if (!data) {
    return loading ? (
      <Card withBorder radius="md" padding="md">
        <LoadingSkeleton shape="strip" testId="project-status-loading" />
      </Card>
    ) : null;
  }
  return (
    <>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <ProjectStatusStrip project={data.project} />
          {can('viewAlarms') && <OpenAlarms projectId={project.id} spaces={data.project.spaces} />}
        </Stack>
      </Card>
      <ProjectDryingForecasts project={data.project} />
    </>
  );
}

/**
 * Index of /p/:projectId: the project's status, its summary reports, its summary pages, with its description and
 * measurement period.
 */
export function ProjectDefaultPage() {
  const projectId = useProjectIdParam();
  const { data } = useProjectShell(projectId);
  // The shell around this page shows the loader and the errors; this renders once the project is there.
  if (!data) return null;
  const { project } = data;
  // Hidden pages reach project admins only, for editing; this page shows what every viewer sees.
  const pages = project.pages.filter((page) => page.show).sort((a, b) => a.order - b.order);
  return (
    <Stack data-testid="project-default-page">
      <ProjectChecklist projectId={project.id} privileges={project.privileges} />
      <ProjectStatus project={project} />
      {(project.description || project.startAt || project.endAt) && (
        <Stack gap={4}>
          {project.description && <Text style={{ whiteSpace: 'pre-line' }}>{project.description}</Text>}
          <ProjectPeriod project={project} />
        </Stack>
      )}
      {(project.privileges.includes('viewReports') || project.privileges.includes('adminReports')) && (
        <SummaryReports projectId={project.id} />
      )}
      <SummaryPages project={project} pages={pages} />
    </Stack>
  );
}
