import { useApolloClient } from '@apollo/client/react';
import { projectsFollowedMax } from '@olo/shared';
import { useEffect } from 'react';
import { type ProjectStatusFieldsFragment, ProjectsStatusUpdatedDocument } from '../../graphql/generated.ts';

/** Waits at least this long before asking again, so that clocks a little apart never make a burst of requests. */
const recheckAfterMs = 2_000;

/**
 * Keeps the status strips of these projects current (decision 0098). One subscription follows them all (one per
 * projectsFollowedMax projects): each push is a project with its status fields, which Apollo merges by id into the
 * answer the strips read, so new values, meters coming online, trends and alarm counts show as they happen. A meter
 * going silent sends nothing, so `recheck` (the page's refetch) runs when the first meter online passes three of its
 * intervals (`state.offlineAt`).
 */
export function useProjectsStatusLive(
  projects: readonly ProjectStatusFieldsFragment[] | undefined,
  recheck: () => void,
) {
  const client = useApolloClient();
  const key = (projects ?? []).map((project) => project.id).join(',');
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    const subscriptions: Array<{ unsubscribe(): void }> = [];
    for (let from = 0; from < ids.length; from += projectsFollowedMax) {
      const variables = { ids: ids.slice(from, from + projectsFollowedMax) };
      // Written to the cache by Apollo; a failed subscription only stops the values moving (the websocket link retries).
      subscriptions.push(client.subscribe({ query: ProjectsStatusUpdatedDocument, variables }).subscribe({}));
    }
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [client, key]);

  const offlineAt = (projects ?? [])
    .map((project) => project.state.offlineAt)
    .filter((time): time is string => !!time)
    .sort()[0];
  useEffect(() => {
    if (!offlineAt) return;
    const delay = Math.min(Math.max(Date.parse(offlineAt) - Date.now(), 0) + recheckAfterMs, 2 ** 31 - 1);
    const timer = setTimeout(recheck, delay);
    return () => clearTimeout(timer);
  }, [offlineAt, recheck]);
}
