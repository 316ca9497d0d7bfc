export * from './accounts.ts';
export * from './languages.ts';
