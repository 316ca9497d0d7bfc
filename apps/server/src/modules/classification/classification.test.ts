import { classificationErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, TestClient } from '../../testing/test-server.ts';
import { issueOf, type ReportsWorld, startReportsWorld } from '../reports/reports.testing.ts';

const query = `query C($projectId: Int!, $from: DateTime!, $to: DateTime!) {
  indoorClimateClassification(projectId: $projectId, from: $from, to: $to) {
    timeZone requiredShare heatMapClass
    rows { seriesId spaceName dataType achieved verdict color occupiedHours gapHours outOfClassHours classes { key share color } heatMap }
  }
}`;
const updateProject = `mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id usageSchedule { weekdays from to holidays } } }`;

interface Row {
  seriesId: number;
  achieved: string | null;
  verdict: string;
  color: string | null;
  occupiedHours: number;
  gapHours: number;
  outOfClassHours: number;
  classes: Array<{ key: string; share: number; color: string }>;
  heatMap: Array<number | null>;
}

/** Monday 5 to Saturday 10 October 2026, Helsinki (UTC+3): five school days. */
const week = { from: '2026-10-04T21:00:00.000Z', to: '2026-10-09T21:00:00.000Z' };

describe.each(testDatabases)('indoor climate classification on %s', (kind) => {
  let world: ReportsWorld;

  /** A value every 10 minutes over the week: `value` of the Helsinki hour. */
  async function values(seriesId: number, value: (localHour: number) => number) {
    const sql = world.sql();
    await sql`select olo_series_data_months(array[timestamp '2026-10-01'])`;
    const rows: Array<{ series_id: number; time: string; value: number }> = [];
    for (let time = Date.parse(week.from); time < Date.parse(week.to); time += 600_000) {
      rows.push({
        series_id: seriesId,
        time: new Date(time).toISOString(),
        value: value(new Date(time + 3 * 3_600_000).getUTCHours()),
      });
    }
    await sql`insert into series_data ${sql(rows, 'series_id', 'time', 'value')}`;
  }

  beforeAll(async () => {
    world = await startReportsWorld(kind);
    const { series } = world;
    // CO2 over 950 ppm in the late morning: S3; temperature 22 °C: S1; the hall's CO2 has no values.
    await values(series.a101co2 as number, (hour) => (hour >= 10 && hour < 12 ? 1100 : 600));
    await values(series.a101temp as number, () => 22);
  });
  afterAll(() => world?.olo.close());

  it("keeps a project's usage schedule, refusing one that ends before it starts and changing nothing", async () => {
    const { owner, projectA } = world;
    const refused = await owner.graphql(updateProject, {
      input: { id: projectA, usageSchedule: { weekdays: [1, 2, 3, 4, 5], from: '16:00', to: '08:00', holidays: [] } },
    });
    expect(issueOf(refused)).toBe(classificationErrors.toNotAfterFrom);
    const saved = expectData(
      await owner.graphql<{ updateProject: { usageSchedule: unknown } }>(updateProject, {
        input: {
          id: projectA,
          usageSchedule: { weekdays: [5, 1, 2, 3, 4], from: '8:00', to: '16:00', holidays: ['2026-12-24'] },
        },
      }),
    );
    expect(saved.updateProject.usageSchedule).toEqual({
      weekdays: [1, 2, 3, 4, 5],
      from: '8:00',
      to: '16:00',
      holidays: ['2026-12-24'],
    });
  });

  it('classifies each space time-weighted over the occupied hours, with gaps shown and the worst hours mapped', async () => {
    const { owner, projectA, series } = world;
    const answer = expectData(
      await owner.graphql<{
        indoorClimateClassification: { rows: Row[]; requiredShare: number; heatMapClass: string };
      }>(query, {
        projectId: projectA,
        ...week,
      }),
    ).indoorClimateClassification;
    expect(answer).toMatchObject({ requiredShare: 0.95, heatMapClass: 'S2' });
    const row = (id: number | undefined) => answer.rows.find((item) => item.seriesId === id) as Row;
    const co2 = row(series.a101co2);
    expect(co2).toMatchObject({
      achieved: 'S3',
      verdict: 'class',
      color: '#e67700',
      occupiedHours: 40,
      gapHours: 0,
      outOfClassHours: 0,
    });
    expect(co2.classes.map((entry) => [entry.key, entry.share])).toEqual([
      ['S1', 0.75],
      ['S2', 0.75],
      ['S3', 1],
    ]);
    // Monday 10:00–11:00 all outside S2; Monday 9:00 none; Saturday no occupied time.
    expect(co2.heatMap[10]).toBe(1);
    expect(co2.heatMap[9]).toBe(0);
    expect(co2.heatMap[5 * 24 + 10]).toBeNull();
    expect(row(series.a101temp)).toMatchObject({ achieved: 'S1', color: '#2b8a3e', outOfClassHours: 0 });
    expect(row(series.aHallCo2)).toMatchObject({
      achieved: null,
      verdict: 'insufficientData',
      gapHours: 40,
      color: null,
    });
  });

  it('refuses a viewer of another tenant and a range over a year', async () => {
    const { tenant, owner, projectA } = world;
    const denied = await tenant.graphql(query, { projectId: projectA, ...week });
    expect(denied.errors?.[0]?.message).toBe('Permission denied');
    const long = await owner.graphql(query, {
      projectId: projectA,
      from: '2025-01-01T00:00:00Z',
      to: '2026-06-01T00:00:00Z',
    });
    expect(issueOf(long)).toBe(classificationErrors.rangeTooLong);
  });

  it("gives a published report's classification at its public link, of its own project only", async () => {
    const { owner, projectA, series, create, update, sql } = world;
    const { report } = await create(owner, { projectId: projectA, name: 'Luokitus', ...week });
    expectData(
      await update(owner, {
        id: report.id,
        content: { version: 1, elements: [{ id: 'c1', kind: 'classification', title: 'Luokitus' }] },
      }),
    );
    await sql()`update reports set published = true, public_id = gen_random_uuid() where id = ${report.id}`;
    const [stored] = await sql()<
      Array<{ publicId: string }>
    >`select public_id as "publicId" from reports where id = ${report.id}`;
    const anonymous = new TestClient(world.olo.url);
    const answer = expectData(
      await anonymous.graphql<{
        publicReport: {
          context: { classifications: Array<{ dataslotId: string | null; rows: Row[] }> };
        };
      }>(
        `query P($publicId: String!) { publicReport(publicId: $publicId) { context { classifications { dataslotId rows { seriesId achieved } } } } }`,
        { publicId: stored?.publicId },
      ),
    ).publicReport.context.classifications;
    expect(answer).toHaveLength(1);
    expect(answer[0]?.dataslotId).toBeNull();
    expect(answer[0]?.rows.map((item) => [item.seriesId, item.achieved]).sort()).toEqual(
      [
        [series.a101co2, 'S3'],
        [series.a101temp, 'S1'],
        [series.aHallCo2, null],
      ].sort(),
    );
  });
});
