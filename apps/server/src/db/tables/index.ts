export * from './accounts.ts';
export * from './organizations.ts';
export * from './projects.ts';
