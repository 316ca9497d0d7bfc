import { useQuery, useSubscription } from '@apollo/client/react';
import {
  PublicProjectDocument,
  PublicProjectUpdatedDocument,
  PublicSeriesLatestUpdatedDocument,
} from '../../graphql/generated.ts';

/**
 * A project through its public link, kept current without a reload: `publicProjectUpdated` brings its changes (a new
 * dataId, pages, spaces, show flags) into the cache by the project's id, and `publicSeriesLatestUpdated` the values
 * that moved of the series it shows live. The server ends both when the link is turned off; the page then asks again
 * and learns that the link no longer works.
 */
export function usePublicProject(publicId: string) {
  const variables = { publicId };
  const result = useQuery(PublicProjectDocument, { variables });
  const { data, refetch } = result;
  const askAgain = () => {
    void refetch().catch(() => {});
  };
  useSubscription(PublicProjectUpdatedDocument, { variables, skip: !data, onComplete: askAgain });
  useSubscription(PublicSeriesLatestUpdatedDocument, {
    variables,
    skip: !data?.projectByPublicId.showLive,
    onData: ({ client, data: pushed }) => {
      const values = pushed.data?.publicSeriesLatestUpdated;
      if (!values?.length) return;
      const bySeries = new Map(values.map((value) => [value.seriesId, value]));
      client.cache.updateQuery({ query: PublicProjectDocument, variables }, (existing) =>
        existing
          ? {
              ...existing,
              projectByPublicId: {
                ...existing.projectByPublicId,
                series: existing.projectByPublicId.series.map((series) => {
                  const latest = bySeries.get(series.id);
                  return latest ? { ...series, latest } : series;
                }),
              },
            }
          : existing,
      );
    },
  });
  return result;
}
