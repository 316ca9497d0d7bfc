import type { OloServer } from '../app.ts';

export const demoUser = { username: 'demo', password: 'olo-demo-2026', email: 'demo@olo.invalid' } as const;

/**
 * Demo content for a first look (DEMO_DATA=true; `npm start` turns it on). Idempotent: runs its
 * inserts only when the demo user does not exist yet. Organizations and projects join it when
 * those modules land (issue 3).
 */
export async function seedDemoData(server: OloServer): Promise<void> {
  const { accounts } = server.services;
  if (await accounts.findUserByUsername(demoUser.username)) return;
  await accounts.createVerifiedUser({
    username: demoUser.username,
    password: demoUser.password,
    email: demoUser.email,
    name: 'Demo User',
    company: 'Olo Demo',
    language: 'fi',
  });
  server.logger.info(`demo data created; sign in as ${demoUser.username} / ${demoUser.password}`);
}
