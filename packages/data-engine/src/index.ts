export * from './aggregate.ts';
export * from './clock.ts';
export * from './data-body.ts';
export * from './data-engine.ts';
export * from './fetch-plan.ts';
export * from './filters.ts';
export * from './ranges.ts';
export * from './report-summary.ts';
