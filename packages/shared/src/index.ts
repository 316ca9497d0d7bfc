export * from './accounts.ts';
export * from './http.ts';
export * from './languages.ts';
export * from './tenancy.ts';
