import { skipToken, useQuery } from '@apollo/client/react';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useOutletContext } from 'react-router';
import { ProjectAdminDocument, type ProjectAdminQuery } from '../../graphql/generated.ts';
import { PermissionDenied, QueryState } from '../layout/QueryState.tsx';
import { useProjectIdParam } from '../projects/useProject.ts';

export type EditedProject = ProjectAdminQuery['projectAdmin'];

/** The project that the edit screens under EditLayout work on. */
export function useEditedProject(): EditedProject {
  return useOutletContext<EditedProject>();
}

const tabs = ['general', 'info', 'pages', 'users', 'colors', 'series', 'actions'] as const;
type EditTab = (typeof tabs)[number];

function currentTab(pathname: string): EditTab {
  const segment = /\/edit\/([^/]+)/.exec(pathname)?.[1] ?? '';
  return (tabs as readonly string[]).includes(segment) ? (segment as EditTab) : 'general';
}

/**
 * Element of /p/:projectId/edit, inside the project shell: loads the project for editing (project admins only; the
 * server refuses others, who then see the permission message) and shows the edit tabs around the edit screens.
 */
export function EditLayout() {
  const id = useProjectIdParam();
  const { data, loading, error } = useQuery(ProjectAdminDocument, id === null ? skipToken : { variables: { id } });
  if (id === null) return <PermissionDenied />;
  const project = data?.projectAdmin;
  return (
    <QueryState loading={loading && !project} error={project ? undefined : error}>
      {project && <EditFrame project={project} />}
    </QueryState>
  );
}

function EditFrame({ project }: { project: EditedProject }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/p/${project.id}/edit`;
  const labels: Record<EditTab, string> = {
    general: t('General'),
    info: t('Project information'),
    pages: t('Summary pages'),
    users: t('Users'),
    colors: t('Colors'),
    series: t('Series'),
    actions: t('Actions'),
  };

  return (
    <Stack>
      <Tabs value={currentTab(pathname)} variant="pills" data-testid="edit-tabs">
        <Tabs.List aria-label={t('Edit pages of the project')}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              renderRoot={(props) => <Link {...props} to={tab === 'general' ? base : `${base}/${tab}`} />}
            >
              {labels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet context={project} />
    </Stack>
  );
}
