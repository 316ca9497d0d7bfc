import { limitErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const colorFields = 'id name color type order organizationId';
const createColor = `mutation Create($input: CreateColorInput!) { createColor(input: $input) { ${colorFields} } }`;
const updateColor = `mutation Update($input: UpdateColorInput!) { updateColor(input: $input) { ${colorFields} } }`;
const deleteColor = 'mutation Delete($id: Int!) { deleteColor(id: $id) }';
const projectColors = `query Colors($id: Int!) {
  project(id: $id) {
    colors { id name order organizationId }
    spaces { id color { id color } series { id color { id color } } }
  }
}`;

interface ColorAnswer {
  id: number;
  name: string;
  color: string;
  type: string;
  order: number;
  organizationId: string | null;
}

describe.each(testDatabases)('colours on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let parentId: string;
  let organizationId: string;
  let projectId: number;
  const sql = () => olo.server.database.sql;

  async function newColor(client: TestClient, input: Record<string, unknown>): Promise<ColorAnswer> {
    return expectData(await client.graphql<{ createColor: ColorAnswer }>(createColor, { input })).createColor;
  }

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    parentId = (await createOrganization(admin)).id;
    organizationId = (await createOrganization(admin, { parentId })).id;
    projectId = (await createProject(admin, organizationId)).id;
  });
  afterAll(() => olo?.close());

  it("offers a project the global colours and its organization chain's, by order; a space and a series pick one", async () => {
    const global = expectData(await admin.graphql<{ colors: ColorAnswer[] }>(`{ colors { ${colorFields} } }`));
    expect(global.colors.filter((color) => color.type === 'chart').map((color) => color.name)).toEqual(
      expect.arrayContaining(['Blue', 'Vermilion', 'Bluish green', 'Black']),
    );
    const late = await newColor(admin, {
      name: 'Brand late',
      color: '#ABCDEF',
      type: 'chart',
      order: 3,
      organizationId,
    });
    expect(late).toMatchObject({ color: '#abcdef', organizationId });
    const early = await newColor(admin, {
      name: 'Parent early',
      color: '#112233',
      type: 'print',
      order: 3,
      organizationId: parentId,
    });
    const first = await newColor(admin, {
      name: 'Brand first',
      color: '#445566',
      type: 'band',
      order: -1,
      organizationId,
    });

    const data = expectData(
      await admin.graphql<{ project: { colors: ColorAnswer[] } }>(projectColors, { id: projectId }),
    );
    const ids = data.project.colors.map((color) => color.id);
    expect(ids).toEqual(expect.arrayContaining([late.id, early.id, first.id]));
    // Spec §9: by order, then (equal orders) by id.
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(late.id));
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
    const orders = data.project.colors.map((color) => color.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    const space = expectData(
      await admin.graphql<{ createSpace: { id: number } }>(
        'mutation S($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
        { input: { projectId, name: 'Aula', colorId: early.id } },
      ),
    ).createSpace;
    const series = expectData(
      await admin.graphql<{ createSeries: { id: number } }>(
        'mutation C($input: CreateSeriesInput!) { createSeries(input: $input) { id } }',
        { input: { projectId, spaceId: space.id, name: 'CO2', dataType: 'CO2', colorId: late.id } },
      ),
    ).createSeries;
    const picked = expectData(
      await admin.graphql<{
        project: {
          spaces: Array<{ id: number; color: { id: number } | null; series: Array<{ color: { id: number } | null }> }>;
        };
      }>(projectColors, { id: projectId }),
    ).project.spaces.find((item) => item.id === space.id);
    expect(picked?.color?.id).toBe(early.id);
    expect(picked?.series[0]?.color?.id).toBe(late.id);

    // Deleting a colour in use leaves its space and series without one (their palette colour).
    expectData(await admin.graphql(deleteColor, { id: late.id }));
    expectData(await admin.graphql(deleteColor, { id: early.id }));
    expect((await sql()`select color_id from series where id = ${series.id}`)[0]?.color_id).toBeNull();
    expect((await sql()`select color_id from spaces where id = ${space.id}`)[0]?.color_id).toBeNull();
  });

  it('refuses a colour that is not #rrggbb and an over-long name, changing nothing', async () => {
    const color = await newColor(admin, { name: 'Kept', color: '#123456', type: 'chart', organizationId });
    const count = async () => Number((await sql()`select count(*)::int as count from colors`)[0]?.count);
    const before = await count();
    for (const bad of ['red', '#12345', '#1234567', 'rgb(1,2,3)', '#ggggggg']) {
      const created = await admin.graphql(createColor, {
        input: { name: 'Bad', color: bad, type: 'chart', organizationId },
      });
      expect(created.errors?.[0]?.extensions?.issues).toEqual([{ path: 'color', message: limitErrors.invalidColor }]);
      const updated = await admin.graphql(updateColor, { input: { id: color.id, color: bad } });
      expect(updated.errors?.[0]?.extensions?.issues).toEqual([{ path: 'color', message: limitErrors.invalidColor }]);
    }
    const long = await admin.graphql(createColor, {
      input: { name: 'x'.repeat(500), color: '#123456', type: 'chart', organizationId },
    });
    expect(long.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('name');
    expect(await count()).toBe(before);
    expect((await sql()`select color from colors where id = ${color.id}`)[0]?.color).toBe('#123456');
  });

  it("keeps an organization's colours from another tenant: no reading, picking, changing or deleting them", async () => {
    const ours = await newColor(admin, { name: 'Ours', color: '#654321', type: 'chart', organizationId });
    const { client: other } = await signedInClient(olo.url);
    const otherOrganization = (await createOrganization(other)).id;
    const otherProject = (await createProject(other, otherOrganization)).id;

    const listed = expectData(await other.graphql<{ colors: Array<{ id: number }> }>('{ colors { id } }'));
    expect(listed.colors.map((color) => color.id)).not.toContain(ours.id);
    const theirs = expectData(
      await other.graphql<{ project: { colors: Array<{ id: number }> } }>(projectColors, { id: otherProject }),
    );
    expect(theirs.project.colors.map((color) => color.id)).not.toContain(ours.id);
    const byOrganization = await other.graphql(
      'query Q($id: ID!) { colorsByOrganization(organizationId: $id) { id } }',
      {
        id: organizationId,
      },
    );
    expect(byOrganization.errors?.[0]?.message).toBe('Permission denied');

    const space = await other.graphql('mutation S($input: CreateSpaceInput!) { createSpace(input: $input) { id } }', {
      input: { projectId: otherProject, name: 'Lainattu', colorId: ours.id },
    });
    expect(space.errors?.[0]?.extensions?.issues).toEqual([{ path: 'colorId', message: limitErrors.unknownColor }]);
    const series = await other.graphql(
      'mutation C($input: CreateSeriesInput!) { createSeries(input: $input) { id } }',
      {
        input: { projectId: otherProject, name: 'Lainattu', dataType: 'CO2', colorId: ours.id },
      },
    );
    expect(series.errors?.[0]?.extensions?.issues).toEqual([{ path: 'colorId', message: limitErrors.unknownColor }]);
    const changed = await other.graphql(updateColor, { input: { id: ours.id, name: 'Taken' } });
    expect(changed.errors?.[0]?.message).toBe('Permission denied');
    const deleted = await other.graphql(deleteColor, { id: ours.id });
    expect(deleted.errors?.[0]?.message).toBe('Permission denied');
    const global = await other.graphql(createColor, { input: { name: 'Global', color: '#000000', type: 'chart' } });
    expect(global.errors?.[0]?.message).toBe('Permission denied');
    expect((await sql()`select name from colors where id = ${ours.id}`)[0]?.name).toBe('Ours');
    expect((await sql()`select count(*)::int as count from spaces where project_id = ${otherProject}`)[0]?.count).toBe(
      0,
    );
  });
});
