import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ProjectsRepository } from '../projects/projects.repository.ts';

const saveView = `mutation Save($input: SaveDataViewInput!) {
  saveDataView(input: $input) { id name from to filters nulls mode slot }
}`;
const saveRange = `mutation Save($input: SaveDateRangeInput!) { saveDateRange(input: $input) { id name from to } }`;
const listOwn = `query Own($id: Int!) {
  project(id: $id) { savedDateRanges { id name } dataViews { id name filters mode slot nulls } }
}`;

describe.each(testDatabases)('saved date ranges and data views on %s', (kind) => {
  let olo: TestServer;
  let owner: TestClient;
  let colleague: TestClient;
  let stranger: TestClient;
  let projectId: number;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: owner } = await signedInClient(olo.url));
    const organization = await createOrganization(owner);
    projectId = (await createProject(owner, organization.id)).id;
    const joined = await signedInClient(olo.url);
    colleague = joined.client;
    await new ProjectsRepository(olo.server.database.db).insertMembership({ projectId, userId: joined.account.id });
    ({ client: stranger } = await signedInClient(olo.url));
  });
  afterAll(() => olo?.close());

  const view = (overrides: Record<string, unknown> = {}) => ({
    projectId,
    name: 'Lämmityskausi',
    from: '2026-10-01T00:00:00.000Z',
    to: '2026-11-01T00:00:00.000Z',
    slot: 3600,
    ...overrides,
  });

  it("keeps each member's own views and ranges, which only they read and change", async () => {
    const saved = await colleague.graphql<{ saveDataView: Record<string, unknown> & { id: number } }>(saveView, {
      input: view({
        filters: [
          { type: 'weekrange', hours: [{ weekday: 1, from: 8, to: 16 }] },
          { type: 'removeday', day: '2026-10-14' },
          { type: 'removerange', from: '2026-10-20T10:00:00Z', to: '2026-10-20T12:00:00Z' },
        ],
        mode: 'max',
        nulls: true,
      }),
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.saveDataView).toMatchObject({ name: 'Lämmityskausi', mode: 'max', nulls: true, slot: 3600 });
    const viewId = saved.data?.saveDataView.id as number;
    // Defaults for what was left out.
    const plain = await colleague.graphql<{ saveDataView: { mode: string; nulls: boolean; filters: unknown[] } }>(
      saveView,
      { input: view({ name: 'Koko jakso' }) },
    );
    expect(plain.data?.saveDataView).toMatchObject({ mode: 'avg', nulls: false, filters: [] });
    const range = await colleague.graphql<{ saveDateRange: { id: number } }>(saveRange, {
      input: { projectId, name: 'Syysloma', from: '2026-10-19T00:00:00Z', to: '2026-10-26T00:00:00Z' },
    });
    const rangeId = range.data?.saveDateRange.id as number;

    const own = await colleague.graphql<{
      project: { savedDateRanges: unknown[]; dataViews: Array<{ name: string }> };
    }>(listOwn, { id: projectId });
    expect(own.data?.project.dataViews.map((item) => item.name)).toEqual(['Lämmityskausi', 'Koko jakso']);
    expect(own.data?.project.savedDateRanges).toEqual([{ id: rangeId, name: 'Syysloma' }]);
    // The project's admin sees their own, not the colleague's.
    const others = await owner.graphql<{ project: { savedDateRanges: unknown[]; dataViews: unknown[] } }>(listOwn, {
      id: projectId,
    });
    expect(others.data?.project).toEqual({ savedDateRanges: [], dataViews: [] });
    const takeOver = await owner.graphql(saveView, { input: view({ id: viewId, name: 'Minun' }) });
    expect(takeOver.errors?.[0]?.message).toBe('Permission denied');
    const remove = await owner.graphql('mutation D($id: Int!) { deleteSavedDateRange(id: $id) }', { id: rangeId });
    expect(remove.errors?.[0]?.message).toBe('Permission denied');

    const renamed = await colleague.graphql<{ saveDataView: { name: string; mode: string } }>(saveView, {
      input: view({ id: viewId, name: 'Lämmityskausi 2026', mode: 'min' }),
    });
    expect(renamed.data?.saveDataView).toMatchObject({ name: 'Lämmityskausi 2026', mode: 'min' });
    const deleted = await colleague.graphql('mutation D($id: Int!) { deleteDataView(id: $id) }', { id: viewId });
    expect(deleted.data).toEqual({ deleteDataView: true });
    const after = await colleague.graphql<{ project: { dataViews: Array<{ name: string }> } }>(listOwn, {
      id: projectId,
    });
    expect(after.data?.project.dataViews.map((item) => item.name)).toEqual(['Koko jakso']);
  });

  it('refuses a 21st view in a project, and bad input with the field and reason, saving nothing', async () => {
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    const own = (await createProject(client, organization.id)).id;
    for (let index = 0; index < 20; index++) {
      const result = await client.graphql(saveView, { input: view({ projectId: own, name: `V${index}` }) });
      expect(result.errors).toBeUndefined();
    }
    const tooMany = await client.graphql(saveView, { input: view({ projectId: own, name: 'V20' }) });
    expect(tooMany.errors?.[0]?.message).toBe('At most 20 data views per project');

    const issues = async (input: Record<string, unknown>) =>
      (
        (await client.graphql(saveView, { input })).errors?.[0]?.extensions as {
          issues?: Array<{ path: string; message: string }>;
        }
      )?.issues;
    expect(await issues(view({ projectId: own, to: '2026-09-01T00:00:00Z' }))).toEqual([
      { path: 'to', message: 'The end is before the start' },
    ]);
    expect(await issues(view({ projectId: own, slot: 700 }))).toEqual([
      { path: 'slot', message: 'Invalid slot: seconds from 60 to 86400 that divide a day' },
    ]);
    expect(
      (
        await issues(
          view({ projectId: own, filters: [{ type: 'weekrange', hours: [{ weekday: 8, from: 1, to: 2 }] }] }),
        )
      )?.[0]?.path,
    ).toBe('filters.0.hours.0.weekday');
    const count = await olo.server.database.sql`select count(*)::int as n from data_views where project_id = ${own}`;
    expect(count[0]?.n).toBe(20);
  });

  it('lets nobody outside the project keep views in it', async () => {
    const result = await stranger.graphql(saveView, { input: view() });
    expect(result.errors?.[0]?.message).toBe('Permission denied');
  });
});
