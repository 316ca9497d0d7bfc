import { useSubscription } from '@apollo/client/react';
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import {
  type ProjectPrivilege,
  type ProjectShellFieldsFragment,
  ProjectUpdatedDocument,
} from '../../graphql/generated.ts';
import { usePageEntityName } from '../layout/documentTitle.ts';
import { editEntryPath } from '../project-edit/editTabs.ts';
import { isPermissionError, QueryState } from '../ui/QueryState.tsx';
import { DisplayTimeZone, TimeZoneNote } from '../ui/timeZone.tsx';
import { useCurrentTabInView } from '../ui/useCurrentTabInView.ts';
import { FavouriteToggle } from './FavouriteToggle.tsx';
import classes from './ProjectLayout.module.css';
import { ProjectStateBadges } from './ProjectStateBadges.tsx';
import { useProjectIdParam, useProjectShell } from './useProject.ts';

interface ProjectTab {
  to: string;
  label: string;
  /** Shown only to viewers with this right; the server refuses the page's data to others anyway. */
  needs?: ProjectPrivilege;
  /** False when the project turned the page off (a show flag); then nobody is offered it. */
  shown?: boolean;
  end?: boolean;
  /** Current on every page under this path, not only at `to`. */
  currentUnder?: string;
  /** A count shown beside the label (unacknowledged alarms); none when 0. */
  count?: number;
}

function ProjectTabs({ project }: { project: ProjectShellFieldsFragment }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/p/${project.id}`;
  // A member who may edit only a part of the project (its series, say) lands on the first edit tab they may use.
  const edit = editEntryPath(project.id, project.privileges);
  const rowRef = useCurrentTabInView<HTMLDivElement>(pathname);
  const tabs: ProjectTab[] = [
    { to: base, label: t('Overview'), end: true },
    { to: `${base}/alarms`, label: t('Alarms'), needs: 'viewAlarms', count: project.alarmsTriggeredCount },
    { to: `${base}/live`, label: t('Live'), shown: project.showLive },
    { to: `${base}/liveold`, label: t('Live (table)'), shown: project.showLive },
    { to: `${base}/summary`, label: t('Summary') },
    { to: `${base}/report`, label: t('Reports'), needs: 'viewReports' },
    ...(edit ? [{ to: edit, label: t('Edit'), currentUnder: `${base}/edit` }] : []),
  ];
  return (
    <Group
      ref={rowRef}
      component="nav"
      aria-label={t('Project pages')}
      gap={0}
      wrap="nowrap"
      className={classes.tabs}
      data-testid="project-tabs"
    >
      {tabs
        .filter((tab) => tab.shown !== false && (!tab.needs || project.privileges.includes(tab.needs)))
        .map((tab) => {
          const under = tab.currentUnder;
          if (!under) {
            return (
              <NavLink key={tab.to} to={tab.to} end={tab.end} className={classes.tab}>
                {tab.label}
                {!!tab.count && (
                  <Badge
                    ml={6}
                    size="sm"
                    color="red"
                    circle={tab.count < 10}
                    data-testid="alarms-tab-count"
                    aria-label={t('Unacknowledged alarms: {{number}}', { number: tab.count })}
                  >
                    {tab.count}
                  </Badge>
                )}
              </NavLink>
            );
          }
          const current = pathname === under || pathname.startsWith(`${under}/`);
          return (
            <Link
              key={tab.to}
              to={tab.to}
              className={current ? `${classes.tab} active` : classes.tab}
              aria-current={current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          );
        })}
    </Group>
  );
}

function ProjectHeader({ project }: { project: ProjectShellFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="project-header">
      <Group gap="xs" wrap="nowrap" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Title>
        <FavouriteToggle project={project} />
      </Group>
      <Group gap="md">
        {project.code && (
          <Text c="dimmed" size="sm">
            {t('Code')}: {project.code}
          </Text>
        )}
        {project.organization && (
          <Text size="sm">
            {t('Organization')}:{' '}
            <Anchor component={Link} to={`/o/${project.organization.slug}`}>
              {project.organization.name}
            </Anchor>
          </Text>
        )}
        <ProjectStateBadges project={project} />
        <TimeZoneNote />
      </Group>
    </Stack>
  );
}

function ProjectNotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" data-testid="project-not-found">
      <Title order={1}>{t('Project not found')}</Title>
      <Text>{t('There is no project at this address, or it has not been shared with you.')}</Text>
      <Anchor component={Link} to="/p">
        {t('All projects')}
      </Anchor>
    </Stack>
  );
}

/** Element of /p/:projectId: the project's header and tabs around its pages; loads the project once for them all. */
export function ProjectLayout() {
  const projectId = useProjectIdParam();
  const { data, loading, error } = useProjectShell(projectId);
  // Changes made elsewhere (a rename, new rights, a summary page) land in the cached project through its id.
  useSubscription(ProjectUpdatedDocument, { variables: { id: projectId ?? 0 }, skip: !data || projectId === null });
  usePageEntityName(data?.project.name);

  let content: ReactNode;
  // A missing project and one not shared with the viewer answer alike, so that ids reveal nothing (decision 0082).
  if (projectId === null || (!data && isPermissionError(error))) content = <ProjectNotFound />;
  else if (!data) content = <QueryState loading={loading} error={error} />;
  else {
    content = (
      <DisplayTimeZone zone={data.project.timeZone}>
        <ProjectHeader project={data.project} />
        <ProjectTabs project={data.project} />
        <Outlet />
      </DisplayTimeZone>
    );
  }
  return (
    <Container size="xl" px={0}>
      <Stack>{content}</Stack>
    </Container>
  );
}
