import { latestWholePeriod, reportPeriodSchema } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, TestClient } from '../../testing/test-server.ts';
import {
  type Creation,
  cloneReport,
  issueOf,
  publicReport,
  type ReportsWorld,
  range,
  startReportsWorld,
} from './reports.testing.ts';

const periodFields = 'id from to version period { kind days }';
const readPeriod = `query Read($id: Int!) { report(id: $id) { ${periodFields} } }`;
const updatePeriod = `mutation Update($input: UpdateReportInput!) { updateReport(input: $input) { ${periodFields} } }`;
interface PeriodData {
  id: number;
  from: string;
  to: string;
  version: number;
  period: { kind: string; days: number | null } | null;
}

/** The latest whole period as the project's zone (Helsinki) reads it now, as ISO text. */
function expectedRange(period: { kind: string; days?: number }) {
  const { from, to } = latestWholePeriod(reportPeriodSchema.parse(period), new Date(), 'Europe/Helsinki');
  return { from: from.toISOString(), to: to.toISOString() };
}

describe.each(testDatabases)('a report with a rolling period on %s', (kind) => {
  let world: ReportsWorld;

  beforeAll(async () => {
    world = await startReportsWorld(kind);
  });
  afterAll(() => world?.olo.close());

  const save = async (input: Record<string, unknown>) =>
    world.owner.graphql<{ updateReport: PeriodData }>(updatePeriod, { input });
  const read = async (id: number) =>
    expectData(await world.owner.graphql<{ report: PeriodData }>(readPeriod, { id })).report;

  it('shows the previous month of the project’s zone, and the fixed range again when the period is cleared', async () => {
    const { report } = await world.create(world.owner, { projectId: world.projectB, name: 'Kuukausiraportti' });
    const saved = expectData(await save({ id: report.id, period: { kind: 'previousMonth' } })).updateReport;
    expect(saved.period).toEqual({ kind: 'previousMonth', days: null });
    expect({ from: saved.from, to: saved.to }).toEqual(expectedRange({ kind: 'previousMonth' }));
    // Helsinki's midnight of the 1st: 21:00 or 22:00 UTC of the day before.
    expect(new Date(saved.from).getUTCHours()).toBeGreaterThanOrEqual(21);
    expect((await read(report.id)).from).toBe(saved.from);

    const fixed = expectData(await save({ id: report.id, period: null })).updateReport;
    expect(fixed.period).toBeNull();
    expect({ from: fixed.from, to: fixed.to }).toEqual(range);
  });

  it('shows the last N whole days up to today’s midnight', async () => {
    const { report } = await world.create(world.owner, { projectId: world.projectB, name: 'Viikko' });
    const saved = expectData(await save({ id: report.id, period: { kind: 'lastDays', days: 7 } })).updateReport;
    expect({ from: saved.from, to: saved.to }).toEqual(expectedRange({ kind: 'lastDays', days: 7 }));
    expect(Date.parse(saved.to)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(saved.to)).toBeLessThan(86_400_000);
  });

  it('refuses a period without days or beyond a year, and changes nothing', async () => {
    const { report } = await world.create(world.owner, { projectId: world.projectB, name: 'Virheet' });
    const noDays = await save({ id: report.id, period: { kind: 'lastDays' } });
    expect(issueOf(noDays)).toBe('Give whole days');
    const tooMany = await save({ id: report.id, period: { kind: 'lastDays', days: 400 } });
    expect(issueOf(tooMany)).toBe('At most 366 days');
    const unknown = await save({ id: report.id, period: { kind: 'nextYear' } });
    expect(unknown.errors?.length).toBeGreaterThan(0);
    const stored = await read(report.id);
    expect(stored).toMatchObject({ period: null, version: 1, ...range });
  });

  it('gives the same period at the public link, and a clone keeps it', async () => {
    const { report } = await world.create(world.owner, { projectId: world.projectB, name: 'Julkinen' });
    expectData(await save({ id: report.id, period: { kind: 'previousWeek' } }));
    const published = expectData(
      await world.owner.graphql<{ publishReport: { publicId: string } }>(
        'mutation P($id: Int!) { publishReport(id: $id) { publicId } }',
        { id: report.id },
      ),
    ).publishReport;
    const anonymous = new TestClient(world.olo.url);
    const shown = expectData(
      await anonymous.graphql<{ publicReport: { from: string; to: string } }>(publicReport, {
        publicId: published.publicId,
      }),
    ).publicReport;
    expect({ from: shown.from, to: shown.to }).toEqual(expectedRange({ kind: 'previousWeek' }));
    // Monday to Monday, 7 days of 24 hours (± an hour across a DST change).
    expect(new Date(shown.from).getUTCDay()).toBe(0);
    expect(Math.abs(Date.parse(shown.to) - Date.parse(shown.from) - 7 * 86_400_000)).toBeLessThanOrEqual(3_600_000);

    const clone = expectData(
      await world.owner.graphql<{ cloneReport: Creation }>(cloneReport, {
        input: { id: report.id, projectId: world.projectA, name: 'Kopio' },
      }),
    ).cloneReport;
    expect((await read(clone.report.id)).period).toEqual({ kind: 'previousWeek', days: null });
  });
});
