export * from './accounts.ts';
export * from './computers.ts';
export * from './invitations.ts';
export * from './jobs.ts';
export * from './meters.ts';
export * from './organizations.ts';
export * from './projects.ts';
export * from './series.ts';
