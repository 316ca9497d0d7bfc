import { useQuery } from '@apollo/client/react';
import { HelpWritePlacesDocument } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';

export interface HelpWritePlaces {
  /** Global documents: site admins. */
  global: boolean;
  organizations: Array<{ id: string; name: string }>;
  projects: Array<{ id: number; name: string }>;
  /** Whether the viewer may write a document anywhere. */
  any: boolean;
}

/** Where the viewer may write help documents: globally (site admins), organizations and projects they administer. */
export function useHelpWritePlaces(): HelpWritePlaces {
  const { currentUser } = useCurrentUser();
  const { data } = useQuery(HelpWritePlacesDocument, { skip: !currentUser });
  const global = Boolean(currentUser?.isAdmin);
  const organizations = (data?.organizations ?? []).filter((organization) => organization.currentUserIsAdmin);
  const projects = (data?.projects ?? []).filter((project) => project.privileges.includes('admin'));
  return { global, organizations, projects, any: global || organizations.length > 0 || projects.length > 0 };
}
