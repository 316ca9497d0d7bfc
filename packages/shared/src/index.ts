export * from './accounts.ts';
export * from './calibrations.ts';
export * from './expressions.ts';
export * from './http.ts';
export * from './languages.ts';
export * from './measurements.ts';
export * from './signal-quality.ts';
export * from './tenancy.ts';
