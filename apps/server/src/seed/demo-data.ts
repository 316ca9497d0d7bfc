import type { Db } from '../db/database.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import { OrganizationsRepository } from '../modules/organizations/organizations.repository.ts';
import { ProjectsRepository } from '../modules/projects/projects.repository.ts';

export const demoUser = { username: 'demo', password: 'olo-demo-2026', email: 'demo@olo.invalid' } as const;
export const demoOrganization = { name: 'Olo Demo', slug: 'olo-demo' } as const;
export const demoProject = { name: 'Koulun sisäilma (demo)', code: 'DEMO-1' } as const;

/**
 * Demo content for a first look (DEMO_DATA=true; `npm start` turns it on): a verified demo user, a
 * demo organization and a project in it. Idempotent: each part is created only when missing, so
 * every start may call it. Memberships, spaces and more users join it with issue 3.
 */
export async function seedDemoData(deps: { db: Db; accounts: AccountsService }): Promise<{ created: boolean }> {
  let created = false;
  if (!(await deps.accounts.findUserByUsername(demoUser.username))) {
    await deps.accounts.createVerifiedUser({ ...demoUser, name: 'Demo User', company: 'Olo Demo', language: 'fi' });
    created = true;
  }
  const organizationsRepository = new OrganizationsRepository(deps.db);
  const organization =
    (await organizationsRepository.findBySlug(demoOrganization.slug)) ??
    (await organizationsRepository.insert({
      ...demoOrganization,
      description: 'Esimerkkiorganisaatio, jossa on valmiina projekti.',
    }));
  const projectsRepository = new ProjectsRepository(deps.db);
  const existing = await projectsRepository.listByOrganization(organization.id);
  if (!existing.some((project) => project.code === demoProject.code)) {
    await projectsRepository.insert({
      ...demoProject,
      organizationId: organization.id,
      description: 'Esimerkkiprojekti: luokkahuoneiden hiilidioksidi, lämpötila ja kosteus.',
      timeZone: 'Europe/Helsinki',
    });
    created = true;
  }
  return { created };
}
