import { useQuery, useSubscription } from '@apollo/client/react';
import {
  CurrentUserDocument,
  CurrentUserUpdatedDocument,
  type SessionUserFieldsFragment,
} from '../../graphql/generated.ts';

export interface CurrentUserState {
  currentUser: SessionUserFieldsFragment | null;
  /** True until it is known whether somebody is signed in. */
  loading: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const { data, loading } = useQuery(CurrentUserDocument);
  return { currentUser: data?.currentUser ?? null, loading: loading && !data };
}

/** Keeps the cached current user live; mounted once at the root of the app. */
export function useCurrentUserLiveUpdates(signedIn: boolean): void {
  useSubscription(CurrentUserUpdatedDocument, {
    skip: !signedIn,
    onData: ({ client, data }) => {
      if (!data.data) return;
      client.writeQuery({ query: CurrentUserDocument, data: { currentUser: data.data.currentUserUpdated } });
    },
  });
}
