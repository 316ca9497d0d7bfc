import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { type ProjectPrivilege, ProjectShellDocument } from '../../graphql/generated.ts';

const maxInt = 2 ** 31 - 1;

/** The project id of the URL, or null when it cannot be a project id (the page then shows the permission message). */
export function parseProjectId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= maxInt ? id : null;
}

/** The :projectId of the current route, parsed. */
export function useProjectIdParam(): number | null {
  return parseProjectId(useParams().projectId);
}

/**
 * The project as the project shell shows it. The shell (ProjectLayout) loads it first, so pages inside it get it
 * from the cache without asking the server again.
 */
export function useProjectShell(projectId: number | null) {
  return useQuery(ProjectShellDocument, {
    variables: { id: projectId ?? 0 },
    skip: projectId === null,
  });
}

export interface ProjectPrivileges {
  privileges: readonly ProjectPrivilege[];
  /** True when the viewer has the right. False while the project loads or when it failed to load. */
  can: (privilege: ProjectPrivilege) => boolean;
  loading: boolean;
}

/** The viewer's rights in a project: which tabs, actions and edit pages to offer. The server checks them again. */
export function useProjectPrivileges(projectId: number | null): ProjectPrivileges {
  const { data, loading } = useProjectShell(projectId);
  const privileges = data?.project.privileges ?? [];
  return {
    privileges,
    can: (privilege) => privileges.includes(privilege),
    loading: loading && !data,
  };
}
