import { limitErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, subscribeOver } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const limitFields =
  'id name dataType min max limits colors maxcolor normalMin normalMax split opacity order organizationId';
const createLimit = `mutation Create($input: CreateLimitInput!) { createLimit(input: $input) { ${limitFields} } }`;
const updateLimit = `mutation Update($input: UpdateLimitInput!) { updateLimit(input: $input) { ${limitFields} } }`;
const deleteLimit = 'mutation Delete($id: Int!) { deleteLimit(id: $id) }';
const createSeries = 'mutation Create($input: CreateSeriesInput!) { createSeries(input: $input) { id } }';
const updateSeries = 'mutation Update($input: UpdateSeriesInput!) { updateSeries(input: $input) { id limitId } }';
const followed = `query Followed($id: Int!) {
  project(id: $id) { series { id name limit { id name organizationId } } }
}`;
const publicFollowed = `query PublicFollowed($publicId: String!) {
  projectByPublicId(publicId: $publicId) { series { id limit { id } } limits { id } }
}`;

interface LimitAnswer {
  id: number;
  name: string;
  dataType: string;
  order: number;
  limits: number[];
  colors: string[];
  organizationId: string | null;
}

/** A CO2 limit of the shipped S2 scale; `overrides` change it. */
const co2Limit = (overrides: Record<string, unknown> = {}) => ({
  name: 'CO2 office',
  dataType: 'CO2',
  order: 0,
  min: 400,
  max: 2000,
  limits: [800, 1000],
  colors: ['#2b8a3e', '#e67700'],
  maxcolor: '#c92a2a',
  normalMax: 1000,
  split: true,
  opacity: 0.2,
  ...overrides,
});

describe.each(testDatabases)('limits on %s', (kind) => {
  let olo: TestServer;
  let siteAdmin: TestClient;
  let admin: TestClient;
  let parentId: string;
  let organizationId: string;
  let projectId: number;
  let publicId: string;

  const sql = () => olo.server.database.sql;
  const limitCount = async () => Number((await sql()`select count(*)::int as count from limits`)[0]?.count);

  async function newLimit(client: TestClient, input: Record<string, unknown>): Promise<LimitAnswer> {
    return expectData(await client.graphql<{ createLimit: LimitAnswer }>(createLimit, { input })).createLimit;
  }

  async function newSeries(name: string, dataType: string, extra: Record<string, unknown> = {}): Promise<number> {
    const created = await admin.graphql<{ createSeries: { id: number } }>(createSeries, {
      input: { projectId, name, dataType, ...extra },
    });
    return expectData(created).createSeries.id;
  }

  async function limitOf(seriesId: number): Promise<{ id: number; name: string } | null> {
    const data = expectData(
      await admin.graphql<{ project: { series: Array<{ id: number; limit: { id: number; name: string } | null }> } }>(
        followed,
        { id: projectId },
      ),
    );
    return data.project.series.find((series) => series.id === seriesId)?.limit ?? null;
  }

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await sql()`update users set is_admin = true where id = ${site.account.id}`;
    ({ client: admin } = await signedInClient(olo.url));
    parentId = (await createOrganization(admin)).id;
    organizationId = (await createOrganization(admin, { parentId })).id;
    const project = await createProject(admin, organizationId, { isPublic: true, showLive: true });
    projectId = project.id;
    publicId = project.publicId as string;
  });
  afterAll(() => olo?.close());

  it('ships the global limits of the indoor climate classification, CO2 S2 being the CO2 default', async () => {
    const data = expectData(
      await admin.graphql<{ globalLimits: LimitAnswer[] }>(`{ globalLimits { ${limitFields} } }`),
    );
    const names = data.globalLimits.map((limit) => `${limit.dataType}: ${limit.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'CO2: CO2 S2 (Indoor Climate Classification 2018)',
        'CO2: CO2 S1 (Indoor Climate Classification 2018)',
        'CO2: CO2 S3 (Indoor Climate Classification 2018)',
        'Temperature: Temperature S2, heating season',
        'Humidity: Indoor humidity 20–60 %',
        'Structure humidity: Structure drying: coverings at 85 % RH',
        'Structure humidity: Structure drying: coverings at 80 % RH',
        'Paine-ero: Building envelope pressure difference',
      ]),
    );
    // Spec §9: by data type, then order.
    const order = data.globalLimits.map((limit) => [limit.dataType, limit.order] as const);
    expect(order).toEqual(
      [...order].sort(([typeA, orderA], [typeB, orderB]) => (typeA < typeB ? -1 : typeA > typeB ? 1 : orderA - orderB)),
    );
    expect(data.globalLimits.every((limit) => limit.organizationId === null)).toBe(true);

    const seriesId = await newSeries('Luokka CO2', 'CO2');
    expect((await limitOf(seriesId))?.name).toBe('CO2 S2 (Indoor Climate Classification 2018)');
    const temperature = await newSeries('Luokka lämpötila', 'Temperature');
    expect((await limitOf(temperature))?.name).toBe('Temperature S2, heating season');
    // A slab's RH follows the drying limit, a room's the comfort range (decision 0154).
    const slab = await newSeries('Laatan kosteus', 'Structure humidity');
    expect((await limitOf(slab))?.name).toBe('Structure drying: coverings at 85 % RH');
    const room = await newSeries('Luokan kosteus', 'Humidity');
    expect((await limitOf(room))?.name).toBe('Indoor humidity 20–60 %');
    // No limit of its type anywhere: none.
    const sound = await newSeries('Melu', 'Sound');
    expect(await limitOf(sound)).toBeNull();
  });

  it("follows its own limit, else the nearest organization's of its type, else the global one; lowest order first", async () => {
    const space = expectData(
      await admin.graphql<{ createSpace: { id: number } }>(
        'mutation S($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
        { input: { projectId, name: 'Neuvotteluhuone', show: true } },
      ),
    ).createSpace;
    const seriesId = await newSeries('Neuvotteluhuone', 'CO2', { spaceId: space.id });
    const global = await limitOf(seriesId);
    expect(global?.name).toBe('CO2 S2 (Indoor Climate Classification 2018)');

    const parentLater = await newLimit(
      admin,
      co2Limit({ name: 'Parent, order 5', order: 5, organizationId: parentId }),
    );
    expect((await limitOf(seriesId))?.id).toBe(parentLater.id);
    const parentFirst = await newLimit(
      admin,
      co2Limit({ name: 'Parent, order 1', order: 1, organizationId: parentId }),
    );
    expect((await limitOf(seriesId))?.id).toBe(parentFirst.id);
    // The project's own organization is nearer than its parent, whatever the order.
    const own = await newLimit(admin, co2Limit({ name: 'Organization, order 9', order: 9, organizationId }));
    expect((await limitOf(seriesId))?.id).toBe(own.id);
    // A limit of another type of the organization changes nothing.
    await newLimit(admin, {
      ...co2Limit({ name: 'Warm', dataType: 'Temperature', order: -5, organizationId }),
      min: 10,
      max: 35,
      limits: [20],
      colors: ['#1971c2'],
      normalMax: 25,
    });
    expect((await limitOf(seriesId))?.id).toBe(own.id);

    // Its own choice wins, even a global one of higher order.
    const [s3] = await sql()<Array<{ id: number }>>`select id from limits where name_key = 'limit.co2S3'`;
    expectData(await admin.graphql(updateSeries, { input: { id: seriesId, limitId: s3?.id } }));
    expect((await limitOf(seriesId))?.id).toBe(s3?.id);
    // What choosing none would give, for the colours page's "Default (…)".
    const defaults = expectData(
      await admin.graphql<{ project: { series: Array<{ id: number; defaultLimit: { id: number } | null }> } }>(
        'query D($id: Int!) { project(id: $id) { series { id defaultLimit { id } } } }',
        { id: projectId },
      ),
    );
    expect(defaults.project.series.find((series) => series.id === seriesId)?.defaultLimit?.id).toBe(own.id);
    const publicView = expectData(
      await new TestClient(olo.url).graphql<{
        projectByPublicId: {
          series: Array<{ id: number; limit: { id: number } | null }>;
          limits: Array<{ id: number }>;
        };
      }>(publicFollowed, { publicId }),
    );
    expect(publicView.projectByPublicId.series.find((series) => series.id === seriesId)?.limit?.id).toBe(s3?.id);
    expect(publicView.projectByPublicId.limits.map((limit) => limit.id)).toEqual(
      expect.arrayContaining([parentFirst.id, own.id, s3?.id]),
    );

    expectData(await admin.graphql(updateSeries, { input: { id: seriesId, limitId: null } }));
    expect((await limitOf(seriesId))?.id).toBe(own.id);
    // Deleting the organization's moves the series to its parent's, then (those deleted) to the global default.
    expectData(await admin.graphql(deleteLimit, { id: own.id }));
    expect((await limitOf(seriesId))?.id).toBe(parentFirst.id);
    expectData(await admin.graphql(deleteLimit, { id: parentFirst.id }));
    expectData(await admin.graphql(deleteLimit, { id: parentLater.id }));
    expect((await limitOf(seriesId))?.id).toBe(global?.id);
  });

  it('refuses a scale whose edges do not rise, whose colours do not match its bands, or a colour that is not hex', async () => {
    const before = await limitCount();
    const cases: Array<[Record<string, unknown>, { path: string; message: string }]> = [
      [{ limits: [1000, 800] }, { path: 'limits.1', message: limitErrors.edgesNotAscending }],
      [{ limits: [300, 1000] }, { path: 'limits.0', message: limitErrors.edgeOutsideScale }],
      [{ colors: ['#2b8a3e'] }, { path: 'colors', message: limitErrors.colorPerBand }],
      [{ maxcolor: 'red' }, { path: 'maxcolor', message: limitErrors.invalidColor }],
      [{ colors: ['#2b8a3e', 'rgb(0,0,0)'] }, { path: 'colors.1', message: limitErrors.invalidColor }],
      [{ max: 400 }, { path: 'max', message: limitErrors.maxNotAboveMin }],
      [
        { normalMin: 900, normalMax: 800 },
        { path: 'normalMax', message: limitErrors.normalMaxBelowMin },
      ],
      [
        { limits: Array.from({ length: 12 }, (_, index) => 500 + index * 100), colors: Array(12).fill('#2b8a3e') },
        { path: 'limits', message: limitErrors.tooManyBands },
      ],
      [{ name: 'x'.repeat(500) }, { path: 'name', message: 'Too long' }],
    ];
    for (const [change, issue] of cases) {
      const answer = await admin.graphql(createLimit, { input: co2Limit({ organizationId, ...change }) });
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.extensions?.issues, JSON.stringify(change)).toContainEqual(issue);
    }
    expect(await limitCount()).toBe(before);

    // An update is checked merged with what is stored: a new edge beyond the stored max is refused.
    const limit = await newLimit(admin, co2Limit({ organizationId, name: 'Checked on update' }));
    const beyond = await admin.graphql(updateLimit, { input: { id: limit.id, limits: [800, 2500] } });
    expect(beyond.errors?.[0]?.extensions?.issues).toContainEqual({
      path: 'limits.1',
      message: limitErrors.edgeOutsideScale,
    });
    const fewerColors = await admin.graphql(updateLimit, { input: { id: limit.id, limits: [700, 800, 900] } });
    expect(fewerColors.errors?.[0]?.extensions?.issues).toContainEqual({
      path: 'colors',
      message: limitErrors.colorPerBand,
    });
    const [stored] = await sql()`select limits, name from limits where id = ${limit.id}`;
    expect(stored).toEqual({ limits: [800, 1000], name: 'Checked on update' });
    // Colours are kept in lower case; a normal end cleared with null.
    const updated = await admin.graphql<{ updateLimit: LimitAnswer & { normalMax: number | null; maxcolor: string } }>(
      updateLimit,
      { input: { id: limit.id, maxcolor: '#C92A2B', normalMax: null } },
    );
    expect(expectData(updated).updateLimit).toMatchObject({
      maxcolor: '#c92a2b',
      normalMax: null,
      name: 'Checked on update',
    });
  });

  it('refuses to delete a limit that series chose, naming at most five places; series that follow it by default move on', async () => {
    const limit = await newLimit(admin, co2Limit({ organizationId, name: 'Chosen', order: 50 }));
    const chosen: number[] = [];
    for (const name of ['A', 'B']) chosen.push(await newSeries(`Huone ${name}`, 'CO2', { limitId: limit.id }));
    const [project] = await sql()`select name from projects where id = ${projectId}`;
    const refused = await admin.graphql(deleteLimit, { id: limit.id });
    expect(refused.errors?.[0]).toMatchObject({
      message: limitErrors.limitInUse,
      extensions: { code: 'CONFLICT', values: { places: `${project?.name} / Huone A, ${project?.name} / Huone B` } },
    });
    for (const name of ['C', 'D', 'E', 'F'])
      chosen.push(await newSeries(`Huone ${name}`, 'CO2', { limitId: limit.id }));
    const many = await admin.graphql(deleteLimit, { id: limit.id });
    const places = many.errors?.[0]?.extensions?.values?.places ?? '';
    expect(places.split(', ')).toEqual([
      ...['A', 'B', 'C', 'D', 'E'].map((name) => `${project?.name} / Huone ${name}`),
      '…',
    ]);
    // Its type cannot change under the series that chose it either.
    const retyped = await admin.graphql(updateLimit, { input: { id: limit.id, dataType: 'Temperature' } });
    expect(retyped.errors?.[0]?.message).toBe(limitErrors.limitInUse);
    expect((await sql()`select data_type from limits where id = ${limit.id}`)[0]?.data_type).toBe('CO2');

    for (const seriesId of chosen)
      expectData(await admin.graphql(updateSeries, { input: { id: seriesId, limitId: null } }));
    expect(expectData(await admin.graphql<{ deleteLimit: boolean }>(deleteLimit, { id: limit.id })).deleteLimit).toBe(
      true,
    );
    expect(await limitOf(chosen[0] as number)).not.toBeNull();
  });

  it('lets a series pick only a limit of its type from its organization chain or the global ones, and tells the live page', async () => {
    const seriesId = await newSeries('Toimisto', 'CO2');
    const temperature = await newLimit(admin, {
      ...co2Limit({ name: 'Other type', dataType: 'Temperature', organizationId }),
      min: 10,
      max: 35,
      limits: [20],
      colors: ['#1971c2'],
      normalMax: 25,
    });
    const otherType = await admin.graphql(updateSeries, { input: { id: seriesId, limitId: temperature.id } });
    expect(otherType.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'limitId', message: limitErrors.limitOfOtherType },
    ]);
    const unknown = await admin.graphql(updateSeries, { input: { id: seriesId, limitId: 999_999 } });
    expect(unknown.errors?.[0]?.extensions?.issues).toEqual([{ path: 'limitId', message: limitErrors.unknownLimit }]);
    const created = await admin.graphql(createSeries, {
      input: { projectId, name: 'Väärä', dataType: 'CO2', limitId: temperature.id },
    });
    expect(created.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'limitId', message: limitErrors.limitOfOtherType },
    ]);

    const parentLimit = await newLimit(admin, co2Limit({ name: 'Parent pick', organizationId: parentId, order: 70 }));
    const updates = await subscribeOver(admin, 'subscription U($id: Int!) { projectUpdated(id: $id) { id } }', {
      id: projectId,
    });
    try {
      expectData(await admin.graphql(updateSeries, { input: { id: seriesId, limitId: parentLimit.id } }));
      await expect(updates.next).resolves.toMatchObject({ data: { projectUpdated: { id: projectId } } });
    } finally {
      updates.close();
    }
    // The series keeps its CO2 limit: its type cannot change to one the limit does not measure.
    const retyped = await admin.graphql(updateSeries, { input: { id: seriesId, dataType: 'Temperature' } });
    expect(retyped.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'limitId', message: limitErrors.limitOfOtherType },
    ]);
    expect((await sql()`select data_type from series where id = ${seriesId}`)[0]?.data_type).toBe('CO2');
  });

  it('tells open pages of the projects whose series follow a limit when it changes', async () => {
    const seriesId = await newSeries('Neuvotteluhuone', 'CO2');
    const limit = await newLimit(admin, co2Limit({ name: 'Meeting rooms', organizationId, order: 75 }));
    expectData(await admin.graphql(updateSeries, { input: { id: seriesId, limitId: limit.id } }));
    const updates = await subscribeOver(
      admin,
      'subscription U($id: Int!) { projectUpdated(id: $id) { id series { id limit { id normalMax } } } }',
      { id: projectId },
    );
    try {
      expectData(await admin.graphql(updateLimit, { input: { id: limit.id, normalMax: 800 } }));
      const pushed = (await updates.next) as {
        data: { projectUpdated: { series: Array<{ id: number; limit: { id: number; normalMax: number } | null }> } };
      };
      expect(pushed.data.projectUpdated.series.find((series) => series.id === seriesId)?.limit).toEqual({
        id: limit.id,
        normalMax: 800,
      });
    } finally {
      updates.close();
    }
  });

  it("keeps another tenant's limits from a second tenant: no reading, using, changing or deleting them", async () => {
    const ours = await newLimit(admin, co2Limit({ name: 'Ours only', organizationId, order: 80 }));
    const { client: other } = await signedInClient(olo.url);
    const otherOrganization = (await createOrganization(other)).id;
    const otherProject = (await createProject(other, otherOrganization)).id;
    const otherSeries = expectData(
      await other.graphql<{ createSeries: { id: number } }>(createSeries, {
        input: { projectId: otherProject, name: 'Heidän', dataType: 'CO2' },
      }),
    ).createSeries.id;

    const byOrganization = await other.graphql(
      'query Q($id: ID!) { limitsByOrganization(organizationId: $id) { id } }',
      {
        id: organizationId,
      },
    );
    expect(byOrganization.errors?.[0]?.message).toBe('Permission denied');
    const visible = expectData(await other.graphql<{ limits: Array<{ id: number }> }>('{ limits { id } }'));
    expect(visible.limits.map((limit) => limit.id)).not.toContain(ours.id);
    const theirProject = expectData(
      await other.graphql<{ project: { limits: Array<{ id: number }> } }>(
        'query Q($id: Int!) { project(id: $id) { limits { id } } }',
        { id: otherProject },
      ),
    );
    expect(theirProject.project.limits.map((limit) => limit.id)).not.toContain(ours.id);

    const used = await other.graphql(updateSeries, { input: { id: otherSeries, limitId: ours.id } });
    expect(used.errors?.[0]?.extensions?.issues).toEqual([{ path: 'limitId', message: limitErrors.unknownLimit }]);
    const changed = await other.graphql(updateLimit, { input: { id: ours.id, name: 'Taken' } });
    expect(changed.errors?.[0]?.message).toBe('Permission denied');
    const deleted = await other.graphql(deleteLimit, { id: ours.id });
    expect(deleted.errors?.[0]?.message).toBe('Permission denied');
    const createdInOurs = await other.graphql(createLimit, { input: co2Limit({ organizationId }) });
    expect(createdInOurs.errors?.[0]?.message).toBe('Permission denied');
    const global = await other.graphql(createLimit, { input: co2Limit() });
    expect(global.errors?.[0]?.message).toBe('Permission denied');
    expect((await sql()`select name from limits where id = ${ours.id}`)[0]?.name).toBe('Ours only');
    expect((await sql()`select limit_id from series where id = ${otherSeries}`)[0]?.limit_id).toBeNull();

    // Site admins manage the global ones.
    const siteGlobal = await newLimit(siteAdmin, co2Limit({ name: 'Site-wide', order: 99 }));
    expect(siteGlobal.organizationId).toBeNull();
    expectData(await siteAdmin.graphql(deleteLimit, { id: siteGlobal.id }));
  });

  it('marks a series alarming while an episode of it is open, for viewers of the alarms only', async () => {
    const seriesId = await newSeries('Hälytys', 'CO2');
    const { client: member, account } = await signedInClient(olo.url);
    const { client: alarmViewer, account: viewerAccount } = await signedInClient(olo.url);
    await sql()`insert into project_memberships (project_id, user_id) values (${projectId}, ${account.id})`;
    await sql()`insert into project_memberships (project_id, user_id, can_view_alarms)
      values (${projectId}, ${viewerAccount.id}, true)`;
    const alarming = async (client: TestClient) => {
      const data = expectData(
        await client.graphql<{ project: { series: Array<{ id: number; alarming: boolean }> } }>(
          'query Q($id: Int!) { project(id: $id) { series { id alarming } } }',
          { id: projectId },
        ),
      );
      return data.project.series.find((series) => series.id === seriesId)?.alarming;
    };
    expect(await alarming(alarmViewer)).toBe(false);
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'CO2', 1200) returning id`;
    const [episode] = await sql()<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
      values (${alarm?.id as string}, ${seriesId}, ${projectId}, now(), 1500) returning id`;
    expect(await alarming(alarmViewer)).toBe(true);
    expect(await alarming(admin)).toBe(true);
    expect(await alarming(member)).toBe(false);
    await sql()`update alarms_triggered set end_at = now() where id = ${episode?.id as string}`;
    expect(await alarming(alarmViewer)).toBe(false);
  });
});
