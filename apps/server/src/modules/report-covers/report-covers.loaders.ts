import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ReportCoversService } from './report-covers.service.ts';

/** A request's loaders of report covers (graphql/loaders.ts gathers every module's): of reports the viewer was let read. */
export function reportCoverLoaders(services: { reportCovers: ReportCoversService }) {
  return {
    reportCover: new BatchLoader((coverIds: number[]) => services.reportCovers.byIds(coverIds)),
  };
}
