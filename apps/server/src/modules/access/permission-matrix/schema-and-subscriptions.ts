import { allRoles, type MatrixRow, meterViewers, projectViewers, signedIn } from './roles.ts';

/** The schema itself (decision 0146); `__typename` stays open to everyone. */
export const schemaRows: MatrixRow[] = [
  {
    operation: '__schema',
    kind: 'query',
    what: 'the whole schema by introspection (`__schema`, `__type`)',
    allowed: signedIn,
  },
];

/** Subscriptions. */
export const subscriptionRows: MatrixRow[] = [
  { operation: 'meterUpdated', kind: 'subscription', what: "M's readings as they arrive", allowed: meterViewers },
  {
    operation: 'seriesLatestUpdated',
    kind: 'subscription',
    what: "X's latest values as they move",
    allowed: projectViewers,
  },
  {
    operation: 'publicSeriesLatestUpdated',
    kind: 'subscription',
    what: "latest values of X's shown spaces through the public link",
    allowed: allRoles,
  },
  {
    operation: 'publicSeriesLatestUpdated(hidden space)',
    kind: 'subscription',
    what: 'latest values of a hidden space of X through the public link',
    allowed: [],
  },
  {
    operation: 'publicProjectUpdated',
    kind: 'subscription',
    what: 'changes of X through the public link',
    allowed: allRoles,
  },
  { operation: 'projectUpdated', kind: 'subscription', what: 'changes of X', allowed: projectViewers },
  {
    operation: 'projectsStatusUpdated',
    kind: 'subscription',
    what: 'the status of X (with other followed projects)',
    allowed: projectViewers,
  },
  {
    operation: 'projectsUpdated',
    kind: 'subscription',
    what: 'X is among the changed projects',
    allowed: projectViewers,
  },
  { operation: 'currentUserUpdated', kind: 'subscription', what: "one's own account changes", allowed: signedIn },
];
