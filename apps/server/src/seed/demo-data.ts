import type { Db } from '../db/database.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import { OrganizationsRepository } from '../modules/organizations/organizations.repository.ts';
import { ProjectPagesRepository } from '../modules/project-pages/project-pages.repository.ts';
import { ProjectsRepository } from '../modules/projects/projects.repository.ts';
import { SpacesRepository } from '../modules/spaces/spaces.repository.ts';

export const demoUser = { username: 'demo', password: 'olo-demo-2026', email: 'demo@olo.invalid' } as const;
/** A second demo account that only views one project and its alarms. */
export const demoViewer = { username: 'demo-viewer', password: 'olo-demo-2026', email: 'viewer@olo.invalid' } as const;
export const demoOrganization = { name: 'Olo Demo', slug: 'olo-demo' } as const;
export const demoSubOrganization = { name: 'Olo Demo Rakennus', slug: 'olo-demo-rakennus' } as const;
export const demoProject = { name: 'Koulun sisäilma (demo)', code: 'DEMO-1' } as const;
export const demoDryingProject = { name: 'Kerrostalon kuivatus (demo)', code: 'DEMO-2' } as const;
/** Days of history the demo projects start with (seed/demo-history.ts): three months. */
export const demoHistoryDays = 91;
/** Fixed, so the public demo link stays the same across restarts. */
export const demoPublicId = '00000000-0000-4000-8000-00000000de01';

interface DemoProjectPlan {
  project: { name: string; code: string };
  organizationId: string;
  description: string;
  publicId?: string;
  spaces: string[];
  pages: Array<{ name: string; content: string; internal?: boolean }>;
}

/**
 * Demo content for a first look (DEMO_DATA=true; `npm start` turns it on): the demo user (admin of
 * the demo organization), a sub-organization, two projects with spaces and summary pages, and a
 * viewer with limited rights. Idempotent: each part is created only when missing, so every start
 * may call it.
 */
export async function seedDemoData(deps: { db: Db; accounts: AccountsService }): Promise<{ created: boolean }> {
  let created = false;
  const ensureUser = async (account: typeof demoUser | typeof demoViewer, name: string) => {
    const existing = await deps.accounts.findUserByUsername(account.username);
    if (existing) return existing;
    created = true;
    return deps.accounts.createVerifiedUser({ ...account, name, company: 'Olo Demo', language: 'fi' });
  };
  const user = await ensureUser(demoUser, 'Demo User');
  const viewer = await ensureUser(demoViewer, 'Demo Viewer');

  const organizations = new OrganizationsRepository(deps.db);
  const ensureOrganization = async (fields: { name: string; slug: string }, description: string, parentId?: string) => {
    const existing = await organizations.findBySlug(fields.slug);
    if (existing) return existing;
    created = true;
    return organizations.insert({ ...fields, description, parentId: parentId ?? null });
  };
  const organization = await ensureOrganization(
    demoOrganization,
    'Esimerkkiorganisaatio, jossa on valmiina projekteja.',
  );
  const subOrganization = await ensureOrganization(
    demoSubOrganization,
    'Demo-organisaation rakennusyksikkö.',
    organization.id,
  );
  if (!(await organizations.findMembershipOf(organization.id, user.id))) {
    await organizations.insertMembership({ organizationId: organization.id, userId: user.id, isAdmin: true });
    created = true;
  }

  const projects = new ProjectsRepository(deps.db);
  const spaces = new SpacesRepository(deps.db);
  const pages = new ProjectPagesRepository(deps.db);
  const plans: DemoProjectPlan[] = [
    {
      project: demoProject,
      organizationId: organization.id,
      description: 'Esimerkkiprojekti: luokkahuoneiden hiilidioksidi, lämpötila ja kosteus.',
      publicId: demoPublicId,
      spaces: ['Luokka 101', 'Luokka 102', 'Liikuntasali'],
      pages: [
        {
          name: 'Yleistä',
          content: '## Koulun sisäilma\n\nMittaukset luokissa 101 ja 102 sekä liikuntasalissa.',
        },
        { name: 'Huoltomuistiinpanot', content: 'Mittarit asennettu syyslomalla.', internal: true },
      ],
    },
    {
      project: demoDryingProject,
      organizationId: subOrganization.id,
      description: 'Esimerkkiprojekti: betonilaatan kuivuminen kahdessa porrashuoneessa.',
      spaces: ['Porras A', 'Porras B'],
      pages: [{ name: 'Kuivatus', content: 'Laatan suhteellinen kosteus seurannassa.' }],
    },
  ];
  for (const plan of plans) {
    const existing = (await projects.listByOrganization(plan.organizationId)).find(
      (project) => project.code === plan.project.code,
    );
    if (existing) continue;
    created = true;
    const project = await projects.insert({
      ...plan.project,
      organizationId: plan.organizationId,
      description: plan.description,
      timeZone: 'Europe/Helsinki',
      // The demo's names are Finnish; a meter added to a demo project names its series in Finnish too.
      language: 'fi',
      publicId: plan.publicId ?? null,
      startAt: new Date(Date.now() - demoHistoryDays * 24 * 60 * 60 * 1000),
    });
    for (const name of plan.spaces) await spaces.insert({ projectId: project.id, name });
    for (const [order, page] of plan.pages.entries()) await pages.insert({ projectId: project.id, order, ...page });
    if (plan.project === demoProject) {
      await projects.insertMembership({ projectId: project.id, userId: viewer.id, canViewAlarms: true });
    }
  }
  return { created };
}
