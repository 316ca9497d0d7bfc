import { type MatrixRow, meterAdmins, projectViewers, seriesAdmins } from './roles.ts';

/** Series of X. */
export const seriesRows: MatrixRow[] = [
  { operation: 'Project.series', kind: 'query', what: "X's series", allowed: projectViewers },
  { operation: 'seriesLatests', kind: 'query', what: "latest values of X's series", allowed: projectViewers },
  { operation: 'createSeries', kind: 'mutation', what: 'a series in X', allowed: seriesAdmins },
  { operation: 'updateSeries', kind: 'mutation', what: 'rename a series of X', allowed: seriesAdmins },
  { operation: 'deleteSeries', kind: 'mutation', what: 'delete a series of X', allowed: seriesAdmins },
  {
    operation: 'createSeriesDatasource',
    kind: 'mutation',
    what: 'feed a series of X from M (needs seeing M too)',
    allowed: meterAdmins,
  },
  { operation: 'updateSeriesDatasource', kind: 'mutation', what: "change a datasource's range", allowed: seriesAdmins },
  { operation: 'deleteSeriesDatasource', kind: 'mutation', what: 'delete a datasource', allowed: seriesAdmins },
  {
    operation: 'moveSeriesDatasources',
    kind: 'mutation',
    what: 'move a datasource to another series',
    allowed: seriesAdmins,
  },
  { operation: 'projectAddMeter', kind: 'mutation', what: 'add M to X (needs seeing M too)', allowed: meterAdmins },
];
