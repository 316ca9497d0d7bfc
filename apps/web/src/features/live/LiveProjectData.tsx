import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { editTabPath, mayUseEditTab } from '../project-edit/editTabs.ts';
import { useProjectIdParam, useProjectShell } from '../projects/useProject.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useNow } from '../ui/useNow.ts';
import type { LiveSpace } from './liveSeries.ts';
import { useProjectLive } from './useProjectLive.ts';

function LiveViewOff() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="live-view-off">
      {t('The live view of this project is turned off.')}
    </Alert>
  );
}

/** A project without spaces: where they are made, and the way there for those who may. */
function NoSpaces({ projectId, privileges }: { projectId: number; privileges: readonly ProjectPrivilege[] }) {
  const { t } = useTranslation();
  const canEdit = mayUseEditTab(privileges, 'series');
  return (
    <EmptyState
      testId="live-empty"
      title={t('This project has no spaces yet.')}
      action={canEdit ? { label: t('Add spaces and series'), to: editTabPath(projectId, 'series') } : null}
    >
      {canEdit
        ? t('Live values appear here once the project has spaces, and series in them that meters feed.')
        : t('Live values appear here once the administrators of the project have added its spaces and series.')}
    </EmptyState>
  );
}

function LiveValues({
  projectId,
  privileges,
  children,
}: {
  projectId: number;
  privileges: readonly ProjectPrivilege[];
  children: LiveViewRender;
}) {
  const { spaces, loading, error } = useProjectLive(projectId);
  // Renewed every 30 s, so that "5 minutes ago" keeps counting while the page stays open.
  const now = useNow();
  if (!spaces) return <QueryState loading={loading} error={error} skeleton="cards" />;
  if (spaces.length === 0) {
    return <NoSpaces projectId={projectId} privileges={privileges} />;
  }
  return <>{children(spaces, now)}</>;
}

type LiveViewRender = (spaces: LiveSpace[], now: number) => ReactNode;

/**
 * What both live pages of /p/:projectId share: the project's showLive flag, loading and errors, and its spaces with
 * their newest values kept current; `children` draws them.
 */
export function LiveProjectData({ children }: { children: LiveViewRender }) {
  const projectId = useProjectIdParam();
  const { data } = useProjectShell(projectId);
  // The shell around this page shows the loader and the errors; this renders once the project is there.
  if (!data || projectId === null) return null;
  // The tabs are not offered then either; this answers an address typed or bookmarked before the flag was turned off.
  if (!data.project.showLive) return <LiveViewOff />;
  return (
    <LiveValues projectId={projectId} privileges={data.project.privileges}>
      {children}
    </LiveValues>
  );
}
