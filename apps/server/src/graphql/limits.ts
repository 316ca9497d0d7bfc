import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';

/** Deepest selection an operation may have; the web app's deepest query is far below it. */
export const maxQueryDepth = 12;
/** graphql-armor's cost: 2 per object, 1 per scalar, multiplied by depth. */
export const maxQueryCost = 5000;

export const queryLimitPlugins = () => [
  maxDepthPlugin({ n: maxQueryDepth, exposeLimits: true }),
  costLimitPlugin({ maxCost: maxQueryCost, exposeLimits: true }),
];
