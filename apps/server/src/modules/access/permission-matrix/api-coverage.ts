import { allRoles, type MatrixRow, organizationAdmins } from './roles.ts';

/** Spec fields and operations added for issue 34 part 4 (series admin fields, measurement types, system variables). */
export const apiCoverageRows: MatrixRow[] = [
  {
    operation: 'SeriesDatasource.meter',
    kind: 'query',
    what: "M of a datasource of X's series (null unless one sees M too)",
    allowed: organizationAdmins,
  },
  { operation: 'measurementTypes', kind: 'query', what: 'the measurement types (public facts)', allowed: allRoles },
  { operation: 'systemVariables', kind: 'query', what: "the instance's public settings", allowed: allRoles },
];
