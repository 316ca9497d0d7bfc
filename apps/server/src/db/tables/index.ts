export * from './accounts.ts';
export * from './invitations.ts';
export * from './organizations.ts';
export * from './projects.ts';
