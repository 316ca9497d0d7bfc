import { useQuery, useSubscription } from '@apollo/client/react';
import { useMemo } from 'react';
import {
  LiveProjectUpdatedDocument,
  ProjectLiveDocument,
  SeriesLatestUpdatedDocument,
} from '../../graphql/generated.ts';
import { type LiveSpace, liveSpaces, mergeLatests } from './liveSeries.ts';

/**
 * The project's spaces with their series and newest values, kept current by the server's pushes. A push carries only
 * the values that moved; they go into the cached answer, so every live page of the project shows them, and a series
 * that had no value yet gets one. The project's pushes (`projectUpdated`) bring its series again, with the limit,
 * colour and alarm state of each: the cache merges them by id, so a changed limit or an opened episode shows at once.
 */
export function useProjectLive(projectId: number) {
  const variables = { projectId };
  const { data, loading, error } = useQuery(ProjectLiveDocument, { variables });
  useSubscription(SeriesLatestUpdatedDocument, {
    variables,
    skip: !data,
    onData: ({ client, data: pushed }) => {
      const values = pushed.data?.seriesLatestUpdated;
      if (!values?.length) return;
      client.cache.updateQuery({ query: ProjectLiveDocument, variables }, (existing) =>
        existing ? { ...existing, seriesLatests: mergeLatests(existing.seriesLatests, values) } : existing,
      );
    },
  });
  useSubscription(LiveProjectUpdatedDocument, { variables: { id: projectId }, skip: !data });
  const spaces = useMemo<LiveSpace[] | undefined>(
    () => data && liveSpaces(data.project.spaces, data.project.series, data.seriesLatests, data.project.limits),
    [data],
  );
  return { spaces, loading, error };
}
