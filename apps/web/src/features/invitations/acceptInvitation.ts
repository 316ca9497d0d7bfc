import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  AcceptOrganizationInviteDocument,
  AcceptProjectInviteDocument,
  CurrentUserDocument,
  type UserInvitationFieldsFragment,
} from '../../graphql/generated.ts';

type Acceptable = Pick<UserInvitationFieldsFragment, 'invitationId' | 'code' | 'organizationId'>;

/**
 * Accepts an invitation to an organization or a project and answers the path of what the user joined. The user's
 * invitations and menus, and the cached lists of organizations and projects, change with the new membership.
 */
export function useAcceptInvitation(): { accept: (invitation: Acceptable) => Promise<string>; loading: boolean } {
  const client = useApolloClient();
  const refresh = { refetchQueries: [CurrentUserDocument], awaitRefetchQueries: true };
  const [acceptOrganization, organizationState] = useMutation(AcceptOrganizationInviteDocument, refresh);
  const [acceptProject, projectState] = useMutation(AcceptProjectInviteDocument, refresh);

  const accept = useCallback(
    async (invitation: Acceptable) => {
      const variables = { invitationId: invitation.invitationId, code: invitation.code || null };
      let path: string;
      if (invitation.organizationId) {
        const { data } = await acceptOrganization({ variables });
        path = `/o/${data?.acceptOrganizationInvite.slug ?? ''}`;
      } else {
        const { data } = await acceptProject({ variables });
        path = `/p/${data?.acceptProjectInvite.id ?? ''}`;
      }
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'projects' });
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'organizations' });
      client.cache.gc();
      return path;
    },
    [acceptOrganization, acceptProject, client],
  );

  return { accept, loading: organizationState.loading || projectState.loading };
}
