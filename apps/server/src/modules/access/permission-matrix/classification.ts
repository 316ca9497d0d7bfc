import { type MatrixRow, projectViewers } from './roles.ts';

/** The indoor climate classification of X's spaces (decision 0193): as reading X's data. */
export const classificationRows: MatrixRow[] = [
  {
    operation: 'indoorClimateClassification',
    kind: 'query',
    what: "the indoor climate classification of X's spaces",
    allowed: projectViewers,
  },
];
