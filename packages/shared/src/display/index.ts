// Display rules shared by the web app and the server's exports, so that both show a value, a date or a series
// alike. Rounding, units and sort priority of measurement types are in ../measurements.ts, and the signal-quality
// scales in ../signal-quality.ts: those serve the ingest too.
export * from './chart-palette.ts';
export * from './contrast.ts';
export * from './date-range.ts';
export * from './limit-bands.ts';
export * from './truncate.ts';
export * from './type-styles.ts';
export * from './typename.ts';
