import { skipToken, useQuery } from '@apollo/client/react';
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { ProjectAdminDocument, type ProjectAdminQuery } from '../../graphql/generated.ts';
import { useProjectIdParam } from '../projects/useProject.ts';
import { PermissionDenied, QueryState } from '../ui/QueryState.tsx';
import { useCurrentTabInView } from '../ui/useCurrentTabInView.ts';
import { allowedEditTabs, type EditTab, editTabPath, editTabs, entryEditTab, mayUseEditTab } from './editTabs.ts';

export type EditedProject = ProjectAdminQuery['projectAdmin'];

/** The project that the edit screens under EditLayout work on. */
export function useEditedProject(): EditedProject {
  return useOutletContext<EditedProject>();
}

function currentTab(pathname: string): EditTab {
  const segment = /\/edit\/([^/]+)/.exec(pathname)?.[1] ?? '';
  return (editTabs as readonly string[]).includes(segment) ? (segment as EditTab) : 'general';
}

/**
 * Element of /p/:projectId/edit, inside the project shell: loads the project for editing (for those who may edit some
 * part of it; the server refuses others, who then see the permission message) and shows the edit tabs the viewer may
 * use around the edit screens.
 */
export function EditLayout() {
  const id = useProjectIdParam();
  const { data, loading, error } = useQuery(ProjectAdminDocument, id === null ? skipToken : { variables: { id } });
  if (id === null) return <PermissionDenied />;
  const project = data?.projectAdmin;
  return (
    <QueryState loading={loading} error={error} data={project}>
      {project && <EditFrame project={project} />}
    </QueryState>
  );
}

function EditFrame({ project }: { project: EditedProject }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tab = currentTab(pathname);
  const rowRef = useCurrentTabInView<HTMLDivElement>(tab);
  const allowed = allowedEditTabs(project.privileges);
  const entry = entryEditTab(project.privileges);
  const labels: Record<EditTab, string> = {
    general: t('General'),
    info: t('Project information'),
    pages: t('Summary pages'),
    users: t('Users'),
    colors: t('Colors'),
    series: t('Series'),
    weather: t('Weather'),
    actions: t('Actions'),
  };

  let content: ReactNode;
  if (mayUseEditTab(project.privileges, tab)) content = <Outlet context={project} />;
  else if (tab === 'general' && entry) return <Navigate replace to={editTabPath(project.id, entry)} />;
  else if (tab === 'general' && project.privileges.includes('adminReports')) {
    content = (
      <Text data-testid="edit-reports-note">
        {t('The reports of this project are edited on its reports page:')}{' '}
        <Anchor component={Link} to={`/p/${project.id}/report`}>
          {t('Reports')}
        </Anchor>
      </Text>
    );
  } else content = <PermissionDenied />;

  return (
    <Stack>
      {allowed.length > 0 && (
        <Tabs value={tab} variant="pills" data-testid="edit-tabs">
          <Tabs.List ref={rowRef} aria-label={t('Edit pages of the project')}>
            {allowed.map((item) => (
              <Tabs.Tab
                key={item}
                value={item}
                renderRoot={(props) => <Link {...props} to={editTabPath(project.id, item)} />}
              >
                {labels[item]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {content}
    </Stack>
  );
}
