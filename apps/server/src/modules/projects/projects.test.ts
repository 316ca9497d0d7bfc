import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createProject,
  signedInClient,
  subscribeOver,
  uploadAttachment,
} from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

describe.each(testDatabases)('projects on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  beforeAll(async () => {
    olo = await startTestServer(kind);
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
  });
  afterAll(() => olo?.close());

  it('keeps every project field, defaults the time zone to Europe/Helsinki, and refuses bad input unchanged', async () => {
    const created = expectData(
      await admin.graphql<{ createProject: Record<string, unknown> }>(
        `mutation C($input: CreateProjectInput!) { createProject(input: $input) {
          name code description startAt endAt timeZone defaultSelect showLive showReport showAlarm publicId
          ended archived hidden favourite privileges state { dataId } } }`,
        {
          input: {
            organizationId,
            name: 'Kuivatus',
            code: 'K-1',
            description: 'Laatta',
            startAt: '2026-10-01T00:00:00.000Z',
            endAt: '2026-12-01T00:00:00.000Z',
            defaultSelect: 14,
            showReport: true,
          },
        },
      ),
    ).createProject;
    expect(created).toMatchObject({
      name: 'Kuivatus',
      code: 'K-1',
      description: 'Laatta',
      startAt: '2026-10-01T00:00:00.000Z',
      endAt: '2026-12-01T00:00:00.000Z',
      timeZone: 'Europe/Helsinki',
      defaultSelect: 14,
      showLive: true,
      showReport: true,
      showAlarm: false,
      publicId: null,
      ended: false,
      archived: false,
      hidden: false,
      favourite: false,
      privileges: [
        'view',
        'admin',
        'adminSeries',
        'adminAlarms',
        'viewAlarms',
        'acknowledgeAlarms',
        'adminReports',
        'viewReports',
      ],
    });

    const bad = await admin.graphql('mutation C($input: CreateProjectInput!) { createProject(input: $input) { id } }', {
      input: {
        organizationId,
        name: ' ',
        timeZone: 'Mars/Olympus',
        startAt: '2026-12-01T00:00:00.000Z',
        endAt: '2026-10-01T00:00:00.000Z',
      },
    });
    expect(bad.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'name', message: 'Required' },
      { path: 'timeZone', message: 'Unknown time zone' },
    ]);
    const reversed = await admin.graphql(
      'mutation C($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      {
        input: {
          organizationId,
          name: 'Takaperin',
          startAt: '2026-12-01T00:00:00.000Z',
          endAt: '2026-10-01T00:00:00.000Z',
        },
      },
    );
    expect(reversed.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'endAt', message: 'The end is before the start' },
    ]);
    const [{ count }] = (await olo.server.database
      .sql`select count(*)::int as count from projects where name in (' ', 'Takaperin')`) as unknown as [
      { count: number },
    ];
    expect(count).toBe(0);
  });

  it('changes only the fields an update names', async () => {
    const project = await createProject(admin, organizationId, { code: 'KEEP-1', description: 'Pysyy' });
    const updated = expectData(
      await admin.graphql<{ updateProject: { name: string; code: string; description: string } }>(
        'mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { name code description } }',
        { input: { id: project.id, name: 'Uusi nimi' } },
      ),
    ).updateProject;
    expect(updated).toEqual({ name: 'Uusi nimi', code: 'KEEP-1', description: 'Pysyy' });
    const cleared = expectData(
      await admin.graphql<{ updateProject: { code: string | null } }>(
        'mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { code } }',
        { input: { id: project.id, code: null } },
      ),
    ).updateProject;
    expect(cleared.code).toBeNull();
  });

  it('turns the public link on with a new id and off so that the old link stops working', async () => {
    const project = await createProject(admin, organizationId);
    const on = expectData(
      await admin.graphql<{ updateProject: { publicId: string } }>(
        'mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { publicId } }',
        { input: { id: project.id, isPublic: true } },
      ),
    ).updateProject.publicId;
    expect(on).toMatch(/^[0-9a-f-]{36}$/);
    const anonymous = new TestClient(olo.url);
    const query = 'query P($id: String!) { projectByPublicId(publicId: $id) { name } }';
    expect(
      expectData(await anonymous.graphql<{ projectByPublicId: { name: string } }>(query, { id: on })).projectByPublicId
        .name,
    ).toBe(project.name);
    await admin.graphql('mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
      input: { id: project.id, isPublic: false },
    });
    expect((await anonymous.graphql(query, { id: on })).errors?.[0]?.message).toBe('Not found');
    for (const malformed of ['not-a-uuid', '-'.repeat(36)]) {
      expect((await anonymous.graphql(query, { id: malformed })).errors?.[0]?.message).toBe('Not found');
    }
  });

  it('shows the public view only shown spaces (when showLive) and shown, non-internal pages', async () => {
    const project = await createProject(admin, organizationId, { isPublic: true });
    const add = (mutation: string, input: Record<string, unknown>) =>
      admin.graphql(
        `mutation M($input: ${mutation}) { result: ${mutation.startsWith('CreateSpace') ? 'createSpace' : 'createProjectPage'}(input: $input) { id } }`,
        { input },
      );
    await add('CreateSpaceInput!', { projectId: project.id, name: 'Näkyvä' });
    await add('CreateSpaceInput!', { projectId: project.id, name: 'Piilotettu', show: false });
    await add('CreateProjectPageInput!', { projectId: project.id, name: 'Julkinen', order: 2 });
    await add('CreateProjectPageInput!', { projectId: project.id, name: 'Sisäinen', internal: true, order: 1 });
    await add('CreateProjectPageInput!', { projectId: project.id, name: 'Luonnos', show: false, order: 0 });
    const query = 'query P($id: String!) { projectByPublicId(publicId: $id) { spaces { name } pages { name } } }';
    const anonymous = new TestClient(olo.url);
    const view = expectData(
      await anonymous.graphql<{
        projectByPublicId: { spaces: Array<{ name: string }>; pages: Array<{ name: string }> };
      }>(query, {
        id: project.publicId,
      }),
    ).projectByPublicId;
    expect(view).toEqual({ spaces: [{ name: 'Näkyvä' }], pages: [{ name: 'Julkinen' }] });

    await admin.graphql('mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
      input: { id: project.id, showLive: false },
    });
    const closed = expectData(
      await anonymous.graphql<{ projectByPublicId: { spaces: unknown[] } }>(query, { id: project.publicId }),
    ).projectByPublicId;
    expect(closed.spaces).toEqual([]);

    // Members see every shown page by order, internal ones included; the project admin also sees drafts.
    const pages = expectData(
      await admin.graphql<{ project: { pages: Array<{ name: string }> } }>(
        'query P($id: Int!) { project(id: $id) { pages { name } } }',
        {
          id: project.id,
        },
      ),
    ).project.pages;
    expect(pages.map((page) => page.name)).toEqual(['Luonnos', 'Sisäinen', 'Julkinen']);
  });

  it('orders spaces and members by name', async () => {
    const project = await createProject(admin, organizationId);
    for (const name of ['b-huone', 'Aula', 'c-huone']) {
      await admin.graphql('mutation M($input: CreateSpaceInput!) { createSpace(input: $input) { id } }', {
        input: { projectId: project.id, name },
      });
    }
    for (const name of ['Önnilä', 'Berg', 'aalto']) {
      const { account } = await signedInClient(olo.url);
      const [user] = await olo.server.database
        .sql`update users set name = ${name} where username = ${account.username} returning id`;
      await admin.graphql(
        'mutation M($input: CreateProjectMembershipInput!) { createProjectMembership(input: $input) { id } }',
        {
          input: { projectId: project.id, userId: user?.id },
        },
      );
    }
    const data = expectData(
      await admin.graphql<{ project: { spaces: Array<{ name: string }>; members: Array<{ user: { name: string } }> } }>(
        'query P($id: Int!) { project(id: $id) { spaces { name } members { user { name } } } }',
        { id: project.id },
      ),
    ).project;
    expect(data.spaces.map((space) => space.name)).toEqual(['Aula', 'b-huone', 'c-huone']);
    expect(data.members.map((member) => member.user.name)).toEqual(['aalto', 'Berg', 'Önnilä']);
  });

  it('ends, archives, hides and favourites, and the list filters follow', async () => {
    const project = await createProject(admin, organizationId, { name: 'Suodatettava' });
    const action = (name: string) =>
      admin.graphql(`mutation A($id: Int!) { projectAdminAction(id: $id, action: ${name}) { id } }`, {
        id: project.id,
      });
    const listed = async (filter: Record<string, unknown>) =>
      expectData(
        await admin.graphql<{ projects: Array<{ id: number }> }>(
          'query L($filter: ProjectListFilter) { projects(filter: $filter) { id } }',
          {
            filter,
          },
        ),
      ).projects.some((item) => item.id === project.id);

    expect(await listed({})).toBe(true);
    expect(await listed({ favourite: true })).toBe(false);
    await admin.graphql('mutation F($id: Int!) { favouriteProject(id: $id) { id } }', { id: project.id });
    expect(await listed({ favourite: true })).toBe(true);
    expect(await listed({ search: 'suodatet' })).toBe(true);
    expect(await listed({ search: 'ei osu' })).toBe(false);

    await action('hide');
    expect(await listed({})).toBe(false);
    expect(await listed({ hidden: true })).toBe(true);
    await action('unhide');
    await action('archive');
    expect(await listed({})).toBe(false);
    expect(await listed({ archived: true })).toBe(true);
    await action('unarchive');
    await action('end');
    expect(await listed({})).toBe(true);
    expect(await listed({ ended: false })).toBe(false);
    const ended = expectData(
      await admin.graphql<{ project: { ended: boolean; endAt: string } }>(
        'query P($id: Int!) { project(id: $id) { ended endAt } }',
        {
          id: project.id,
        },
      ),
    ).project;
    expect(ended.ended).toBe(true);
    expect(Date.parse(ended.endAt)).toBeLessThanOrEqual(Date.now());
  });

  it("takes only the project's own uploads as its picture and attachment", async () => {
    const mine = await createProject(admin, organizationId);
    const other = await createProject(admin, organizationId);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 1)]);
    const upload = async (projectId: number) =>
      (await uploadAttachment(admin, { projectId }, { name: 'kuva.png', type: 'image/png', bytes: png })).body
        .id as string;
    const own = await upload(mine.id);
    const foreign = await upload(other.id);
    const update = (input: Record<string, unknown>) =>
      admin.graphql<{ updateProject: { picture: { id: string } | null } }>(
        'mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { picture { id } } }',
        { input: { id: mine.id, ...input } },
      );
    for (const field of ['pictureId', 'attachmentId']) {
      const refused = await update({ [field]: foreign });
      expect(refused.errors?.[0]?.message).toBe('The file belongs to another project');
    }
    const [stored] = await olo.server.database
      .sql`select picture_id, attachment_id from projects where id = ${mine.id}`;
    expect(stored).toEqual({ picture_id: null, attachment_id: null });
    expect(expectData(await update({ pictureId: own })).updateProject.picture?.id).toBe(own);
  });

  it("never lets a project take another tenant's file, on creation or later, nor show one it took before", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 2)]);
    const upload = async (client: TestClient, target: { projectId?: number; organizationId?: string }) => {
      const { status, body } = await uploadAttachment(client, target, {
        name: 'kuva.png',
        type: 'image/png',
        bytes: png,
      });
      expect(status).toBe(201);
      return body as { id: string; path: string };
    };
    // Tenant B: its own organization, project and files.
    const { client: tenantB } = await signedInClient(olo.url);
    const organizationB = await createOrganization(tenantB);
    const projectB = await createProject(tenantB, organizationB.id);
    const fileOfProjectB = await upload(tenantB, { projectId: projectB.id });
    const fileOfOrganizationB = await upload(tenantB, { organizationId: organizationB.id });
    // Tenant A, with files of its own organization.
    const { client: tenantA } = await signedInClient(olo.url);
    const organizationA = await createOrganization(tenantA);
    const fileOfOrganizationA = await upload(tenantA, { organizationId: organizationA.id });
    const anonymous = new TestClient(olo.url);
    const countProjects = async () =>
      Number((await olo.server.database.sql`select count(*)::int as n from projects`)[0]?.n);

    const create = (input: Record<string, unknown>) =>
      tenantA.graphql<{ createProject: { id: number; publicId: string; picture: { id: string } | null } }>(
        'mutation C($input: CreateProjectInput!) { createProject(input: $input) { id publicId picture { id } } }',
        { input: { organizationId: organizationA.id, name: 'Lainattu kuva', isPublic: true, ...input } },
      );
    const before = await countProjects();
    for (const file of [fileOfProjectB, fileOfOrganizationB]) {
      for (const field of ['pictureId', 'attachmentId']) {
        const refused = await create({ [field]: file.id });
        expect(refused.errors?.[0]?.message).toBe('The file belongs to another project');
      }
    }
    const unknown = await create({ pictureId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.errors?.[0]?.message).toBe('The file belongs to another project');
    expect(await countProjects()).toBe(before);
    expect((await anonymous.fetch(fileOfProjectB.path)).status).toBe(401);
    expect((await tenantA.fetch(fileOfOrganizationB.path)).status).toBe(403);

    // A file of the project's own organization may be its picture, shown through its public link.
    const created = expectData(await create({ pictureId: fileOfOrganizationA.id })).createProject;
    expect(created.picture?.id).toBe(fileOfOrganizationA.id);
    expect((await anonymous.fetch(fileOfOrganizationA.path)).status).toBe(200);

    // Updating is held to the same rule.
    const refused = await tenantA.graphql(
      'mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id } }',
      { input: { id: created.id, attachmentId: fileOfOrganizationB.id } },
    );
    expect(refused.errors?.[0]?.message).toBe('The file belongs to another project');

    // A reference stored before this rule (as createProject allowed) opens nothing.
    await olo.server.database
      .sql`update projects set picture_id = ${fileOfProjectB.id}, attachment_id = ${fileOfOrganizationB.id} where id = ${created.id}`;
    expect((await anonymous.fetch(fileOfProjectB.path)).status).toBe(401);
    expect((await tenantA.fetch(fileOfProjectB.path)).status).toBe(403);
    expect((await tenantA.fetch(fileOfOrganizationB.path)).status).toBe(403);
  });

  it("pushes a member's new project rights to their open pages when an admin changes them", async () => {
    const project = await createProject(admin, organizationId, { name: 'Koulu D' });
    const { client: member, account } = await signedInClient(olo.url);
    const [user] = await olo.server.database.sql`select id from users where username = ${account.username}`;
    const membership = expectData(
      await admin.graphql<{ createProjectMembership: { id: string } }>(
        'mutation M($input: CreateProjectMembershipInput!) { createProjectMembership(input: $input) { id } }',
        { input: { projectId: project.id, userId: user?.id } },
      ),
    ).createProjectMembership;

    const rights = await subscribeOver(
      member,
      'subscription { currentUserUpdated { menuProjects { id privileges } } }',
    );
    expectData(
      await admin.graphql(
        'mutation M($input: UpdateProjectMembershipInput!) { updateProjectMembership(input: $input) { id } }',
        { input: { id: membership.id, isAdmin: true } },
      ),
    );
    const pushed = (await rights.next) as {
      data: { currentUserUpdated: { menuProjects: Array<{ id: number; privileges: string[] }> } };
    };
    await rights.close();
    expect(pushed.data.currentUserUpdated.menuProjects).toEqual([
      { id: project.id, privileges: expect.arrayContaining(['view', 'admin']) },
    ]);

    const removed = await subscribeOver(member, 'subscription { currentUserUpdated { menuProjects { id } } }');
    expectData(await admin.graphql('mutation D($id: ID!) { deleteProjectMembership(id: $id) }', { id: membership.id }));
    expect(await removed.next).toEqual({ data: { currentUserUpdated: { menuProjects: [] } } });
    await removed.close();
  });
});
