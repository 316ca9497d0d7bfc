import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Alert, Anchor, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { DataProject } from '@olo/data-engine';
import { formatDateRange, formatDay } from '@olo/shared';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PublicProjectQuery } from '../../graphql/generated.ts';
import { seriesLooks } from '../data-slots/chartGroups.ts';
import { usePageEntityName } from '../layout/documentTitle.ts';
import { LiveGauges } from '../live/LiveGauges.tsx';
import { liveSpaces } from '../live/liveSeries.ts';
import { Markdown } from '../projects/Markdown.tsx';
import { reportRangeText } from '../reports/list/reportRange.ts';
import { latestTime } from '../summary/latestTime.ts';
import { LazySummaryView } from '../summary/lazy.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useNow } from '../ui/useNow.ts';
import { usePublicProject } from './usePublicProject.ts';

type PublicProject = PublicProjectQuery['projectByPublicId'];

function LinkNotWorking() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('The link does not work')} data-testid="public-link-invalid" mt="xl">
      {t('This public link does not work. It may have been turned off.')}
    </Alert>
  );
}

function ProjectDates({ project }: { project: PublicProject }) {
  const { t, i18n } = useTranslation();
  // Days in the project's own time zone, which is where its measurements happen.
  const options = { timeZone: project.timeZone };
  const date = (value: string) => formatDay(value, i18n.language, options);
  if (project.startAt && project.endAt) {
    return <Text c="dimmed">{formatDateRange(project.startAt, project.endAt, i18n.language, options)}</Text>;
  }
  if (project.startAt) return <Text c="dimmed">{t('Started {{date}}', { date: date(project.startAt) })}</Text>;
  if (project.endAt) return <Text c="dimmed">{t('Ends {{date}}', { date: date(project.endAt) })}</Text>;
  return null;
}

/**
 * Links to the project's published reports, each with its period: every published one while the project shows reports
 * (showReport), else its summary reports (decision 0168); nothing when none is.
 */
function PublicReports({ project }: { project: PublicProject }) {
  const { t, i18n } = useTranslation();
  const all = project.showReport && project.reports.length > 0;
  const reports = all ? project.reports : project.summaryReports;
  if (reports.length === 0) return null;
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="public-reports"
      data-testid="public-summary-reports"
    >
      <Stack gap="xs">
        <Title order={2} size="h3" id="public-reports">
          {all ? t('Reports') : t('Summary reports')}
        </Title>
        <List listStyleType="none" spacing={4}>
          {reports.map((report) => (
            <List.Item key={report.publicId} data-testid="public-summary-report">
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={`/report/${report.publicId}`}>
                  {report.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {reportRangeText(report.from, report.to, i18n.language, project.timeZone)}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/** Whether a shown series is in alarm now, while the project shows alarms (showAlarm): status first. */
function PublicAlarmState({ project }: { project: PublicProject }) {
  const { t } = useTranslation();
  if (!project.showAlarm) return null;
  const count = project.alarmingSeriesCount;
  return (
    <Alert
      color={count > 0 ? 'red' : 'green'}
      variant="light"
      title={count > 0 ? t('In alarm') : t('No open alarms')}
      data-testid="public-alarm-state"
      role="status"
    >
      {count > 0 ? t('Series in alarm: {{count}}', { count }) : t('No series of the shown spaces is in alarm.')}
    </Alert>
  );
}

/** The shown spaces' newest values on gauges, as the member live page draws them; read-only, linking nowhere. */
function PublicLiveValues({ project }: { project: PublicProject }) {
  const { t } = useTranslation();
  // Renewed every 30 s, so that "5 minutes ago" keeps counting while the page stays open.
  const now = useNow();
  const spaces = useMemo(
    () =>
      liveSpaces(
        project.spaces,
        project.series,
        project.series.flatMap((series) => (series.latest ? [series.latest] : [])),
      ),
    [project.spaces, project.series],
  );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="public-live" data-testid="public-live">
      <Stack>
        <Title order={2} size="h3" id="public-live">
          {t('Live view')}
        </Title>
        {spaces.length === 0 ? (
          <Text c="dimmed">{t('No spaces.')}</Text>
        ) : (
          <LiveGauges spaces={spaces} now={now} headingOrder={3} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The summary's graphs and table of the shown spaces, read-only (decision 0039). As on the member
 * page, the default range ends at the latest data time as the page loaded; pushed readings move it
 * through the engine's latest-reading rule rather than refetching at once.
 */
function PublicSummary({ project }: { project: PublicProject }) {
  const { t } = useTranslation();
  const loaded = useRef<{ projectId: number; latest: number | null } | null>(null);
  if (loaded.current?.projectId !== project.id) {
    loaded.current = {
      projectId: project.id,
      latest: project.latestDataTime === null ? null : Date.parse(project.latestDataTime),
    };
  }
  const latestReading = useMemo(
    () => latestTime(project.series.flatMap((series) => (series.latest ? [series.latest] : []))),
    [project.series],
  );
  const looks = useMemo(() => seriesLooks(project.series), [project.series]);
  // The weather the public data holds is that of the shown spaces that show it: beside them, never on its own.
  const spaceWeather = useMemo(
    () =>
      new Map(
        project.spaces.flatMap((space) => (space.weatherSeriesId == null ? [] : [[space.id, space.weatherSeriesId]])),
      ),
    [project.spaces],
  );
  const weatherSeriesIds = useMemo(() => new Set(spaceWeather.values()), [spaceWeather]);
  const dataProject: DataProject = {
    projectId: project.id,
    dataId: project.dataId,
    timeZone: project.timeZone,
    startAt: project.startAt === null ? null : Date.parse(project.startAt),
    latestDataTime: loaded.current.latest,
    defaultSelect: project.defaultSelect,
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="public-summary"
      data-testid="public-summary"
    >
      <Stack>
        <Title order={2} size="h3" id="public-summary">
          {t('Summary')}
        </Title>
        <LazySummaryView
          project={dataProject}
          defaults={project.defaults}
          latestReading={latestReading}
          seriesLooks={looks}
          spaceWeather={spaceWeather}
          weatherSeriesIds={weatherSeriesIds}
          projectEnd={project.endAt === null ? null : Date.parse(project.endAt)}
          readOnly
        />
      </Stack>
    </Paper>
  );
}

function PublicProjectView({ project }: { project: PublicProject }) {
  const { t } = useTranslation();
  // The browser's title is the project's name (decision 0168), as the page's heading is.
  usePageEntityName(project.name);
  return (
    <Stack data-testid="public-project" mt="md">
      <div>
        <Title order={1}>{project.name}</Title>
        {project.code && <Text c="dimmed">{project.code}</Text>}
        <ProjectDates project={project} />
      </div>
      <PublicAlarmState project={project} />
      {project.ended && (
        <Alert color="gray" data-testid="public-project-ended">
          {t('Project measurement ended.')}
        </Alert>
      )}
      {project.picture && (
        <Image src={project.picture.path} alt={project.name} radius="md" mah={420} fit="contain" w="auto" />
      )}
      {project.description && <Text style={{ whiteSpace: 'pre-line' }}>{project.description}</Text>}
      {project.pages.map((page) => (
        <Paper key={page.id} withBorder p="lg" radius="md" component="section" aria-labelledby={`page-${page.id}`}>
          <Stack>
            <Title order={2} size="h3" id={`page-${page.id}`}>
              {page.name}
            </Title>
            <Markdown content={page.content} />
          </Stack>
        </Paper>
      ))}
      <PublicReports project={project} />
      {project.showLive && <PublicLiveValues project={project} />}
      <PublicSummary project={project} />
    </Stack>
  );
}

/** A project as anybody with its public link sees it, signed in or not. */
export function PublicProjectPage() {
  const { projectPublicId = '' } = useParams();
  const { data, loading, error } = usePublicProject(projectPublicId);
  // The server answers every unusable id alike (unknown, malformed, turned off), so any answer that is an error is one.
  if (CombinedGraphQLErrors.is(error)) return <LinkNotWorking />;
  if (!data) return <QueryState loading={loading} error={error} />;
  return <PublicProjectView project={data.projectByPublicId} />;
}
