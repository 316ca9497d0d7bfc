import { calibrationErrors, expressionErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/factories.ts';
import { type MeterWorld, minutesFromNow, startMeterWorld } from '../../testing/meter-world.ts';
import { describeOnPostgres, testDatabases } from '../../testing/test-databases.ts';
import { expectData, TestClient } from '../../testing/test-server.ts';
import { placeCalibration } from './calibrations.service.ts';

const createConversion = /* GraphQL */ `
  mutation CreateConversion($input: CreateConversionInput!) {
    createConversion(input: $input) { id name target expression channel }
  }`;
const deleteConversion = /* GraphQL */ `mutation DeleteConversion($id: Int!) { deleteConversion(id: $id) }`;
const createCalibration = /* GraphQL */ `
  mutation CreateCalibration($input: CreateCalibrationInput!) {
    createCalibration(input: $input) { id expression channel meterId range { start end } }
  }`;
const updateCalibration = /* GraphQL */ `
  mutation UpdateCalibration($input: UpdateCalibrationInput!) {
    updateCalibration(input: $input) { id expression range { start end } }
  }`;
const deleteCalibration = /* GraphQL */ `mutation DeleteCalibration($id: Int!) { deleteCalibration(id: $id) }`;
const testCalibration = /* GraphQL */ `
  mutation TestCalibration($input: TestCalibrationInput!) {
    testCalibration(input: $input) { data message original time valid }
  }`;

type Calibration = { id: number; expression: string; range: { start: string; end: string | null } };

describe('placing a calibration among the others of its channel', () => {
  const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour));
  const c = (id: number, start: number, end: number | null) => ({
    id,
    startAt: at(start),
    endAt: end === null ? null : at(end),
  });

  it('ends the earlier ones still running at its start, and no other', () => {
    const placed = placeCalibration([c(1, 0, null), c(2, 1, 3), c(3, 2, 5)], { startAt: at(4), endAt: null });
    expect(placed).toEqual({ endAt: null, ended: [c(1, 0, null), c(3, 2, 5)] });
  });

  it('ends an open-ended new one where a later one starts, and refuses an overlap it cannot end', () => {
    expect(placeCalibration([c(1, 5, null)], { startAt: at(2), endAt: null }).endAt).toEqual(at(5));
    expect(() => placeCalibration([c(1, 5, null)], { startAt: at(2), endAt: at(6) })).toThrow(
      calibrationErrors.overlapsLater,
    );
    expect(() => placeCalibration([c(1, 5, 6)], { startAt: at(5), endAt: null })).toThrow(
      calibrationErrors.overlapsLater,
    );
    // Touching ranges do not overlap (ends are exclusive).
    expect(placeCalibration([c(1, 5, null)], { startAt: at(2), endAt: at(5) })).toEqual({ endAt: at(5), ended: [] });
  });
});

describe.each(testDatabases)('conversions and calibrations on %s', (kind) => {
  let world: MeterWorld;
  const count = async (table: 'meter_conversions' | 'meter_calibrations', meterId: number) =>
    (await world.sql.unsafe(`select count(*)::int as n from ${table} where meter_id = $1`, [meterId]))[0]?.n as number;

  /** A meter of the organization feeding a new series of a new project through its co2 channel. */
  async function fedSeries() {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    return { projectId, meter, seriesId };
  }

  beforeAll(async () => {
    world = await startMeterWorld(kind);
  });
  afterAll(() => world?.close());

  it("a conversion change recomputes the channel's whole history: values, hourly rollup, latest value and data id", async () => {
    const { projectId, meter, seriesId } = await fedSeries();
    // Another meter feeding another series of the same project: left alone.
    const other = await world.newMeter();
    const otherSeries = await world.newSeries(projectId, 'Other');
    await world.addDatasource(otherSeries, other.id, 'co2');
    await world.send(other.serial, [{ time: '2026-01-10T10:00:00Z', co2: 500 }]);
    await world.send(meter.serial, [
      { time: '2026-01-10T10:00:00Z', co2: 700 },
      { time: '2026-01-10T10:20:00Z', co2: 710 },
      { time: '2026-01-10T11:05:00Z', co2: 720 },
    ]);
    expect(await world.data(seriesId)).toEqual([
      ['2026-01-10T10:00:00.000Z', 700],
      ['2026-01-10T10:20:00.000Z', 710],
      ['2026-01-10T11:05:00.000Z', 720],
    ]);
    const dataIdBefore = await world.dataId(projectId);
    const updates = world.listen('project.updated');
    const live = world.listen('series.latest');

    const created = expectData(
      await world.admin.graphql<{ createConversion: Record<string, unknown> }>(createConversion, {
        input: { meterId: meter.id, channel: 'co2', name: 'Doubled', target: 'CO2', expression: ' x * 2 ' },
      }),
    ).createConversion;
    expect(created).toMatchObject({ name: 'Doubled', target: 'CO2', expression: 'x * 2', channel: 'co2' });
    expect(await world.data(seriesId)).toEqual([
      ['2026-01-10T10:00:00.000Z', 1400],
      ['2026-01-10T10:20:00.000Z', 1420],
      ['2026-01-10T11:05:00.000Z', 1440],
    ]);
    expect(await world.rollup(seriesId)).toEqual([
      { hour: '2026-01-10T10:00:00.000Z', sum: 2820, min: 1400, max: 1420, count: 2 },
      { hour: '2026-01-10T11:00:00.000Z', sum: 1440, min: 1440, max: 1440, count: 1 },
    ]);
    expect(await world.latest(seriesId)).toEqual(['2026-01-10T11:05:00.000Z', 1440]);
    const dataIdAfter = await world.dataId(projectId);
    expect(dataIdAfter).not.toBe(dataIdBefore);
    expect(updates.events).toContainEqual({ projectId });
    expect(live.events).toContainEqual({
      projectId,
      values: [{ seriesId, time: '2026-01-10T11:05:00.000Z', value: 1440 }],
    });
    updates.stop();
    live.stop();
    expect(await world.data(otherSeries)).toEqual([['2026-01-10T10:00:00.000Z', 500]]);

    // The one conversion of the channel is replaced in place; a new reading goes through it.
    const replaced = expectData(
      await world.admin.graphql<{ createConversion: { id: number; name: string } }>(createConversion, {
        input: { meterId: meter.id, channel: 'co2', expression: 'x + 1' },
      }),
    ).createConversion;
    expect(replaced).toMatchObject({ id: created.id, name: 'co2' });
    await world.send(meter.serial, [{ time: '2026-01-10T11:30:00Z', co2: 730 }]);
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([701, 711, 721, 731]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));

    // Deleting it recomputes the raw values.
    const dataIdBeforeDelete = await world.dataId(projectId);
    expect(expectData(await world.admin.graphql(deleteConversion, { id: created.id }))).toEqual({
      deleteConversion: true,
    });
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([700, 710, 720, 730]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
    expect(await world.latest(seriesId)).toEqual(['2026-01-10T11:30:00.000Z', 730]);
    expect(await world.dataId(projectId)).not.toBe(dataIdBeforeDelete);
    expect(await count('meter_conversions', meter.id)).toBe(0);
  });

  it('a calibration starting 10 minutes ago recomputes only its range', async () => {
    const { projectId, meter, seriesId } = await fedSeries();
    const times = [-40, -20, -5, -2].map(minutesFromNow);
    await world.send(
      meter.serial,
      times.map((time) => ({ time, co2: 600 })),
    );
    // A marker outside the range: a recomputation of it would rewrite it to 600.
    await world.sql`update series_data set value = 1 where series_id = ${seriesId} and time = ${times[0]?.toISOString() as string}`;
    const dataIdBefore = await world.dataId(projectId);

    const startAt = minutesFromNow(-10);
    const calibration = expectData(
      await world.admin.graphql<{ createCalibration: Calibration & { meterId: number; channel: string } }>(
        createCalibration,
        { input: { meterId: meter.id, channel: 'co2', expression: 'x + 10', startAt: startAt.toISOString() } },
      ),
    ).createCalibration;
    expect(calibration).toMatchObject({
      expression: 'x + 10',
      channel: 'co2',
      meterId: meter.id,
      range: { start: startAt.toISOString(), end: null },
    });
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([1, 600, 610, 610]);
    expect(await world.latest(seriesId)).toEqual([times[3]?.toISOString(), 610]);
    expect(await world.dataId(projectId)).not.toBe(dataIdBefore);
    // The hours of the range were rebuilt from series_data (the marker's hour only if it shares one).
    const hourOf = (time?: Date) => new Date(Math.floor((time?.getTime() ?? 0) / 3_600_000) * 3_600_000).toISOString();
    const rollup = await world.rollup(seriesId);
    const expected = await world.rollupFromData(seriesId);
    for (const hour of new Set([hourOf(times[2]), hourOf(times[3])])) {
      expect(rollup.find((row) => row.hour === hour)).toEqual(expected.find((row) => row.hour === hour));
    }

    // Changing its expression recomputes its range again.
    const updated = expectData(
      await world.admin.graphql<{ updateCalibration: Calibration }>(updateCalibration, {
        input: { id: calibration.id, expression: 'x - 100' },
      }),
    ).updateCalibration;
    expect(updated).toMatchObject({ expression: 'x - 100', range: { start: startAt.toISOString(), end: null } });
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([1, 600, 500, 500]);

    // Deleting it recomputes its range without it.
    expectData(await world.admin.graphql(deleteCalibration, { id: calibration.id }));
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([1, 600, 600, 600]);
    expect(await count('meter_calibrations', meter.id)).toBe(0);
  });

  it('a calibration starting in the future recomputes nothing, and applies to readings from its start', async () => {
    const { projectId, meter, seriesId } = await fedSeries();
    const past = minutesFromNow(-5);
    await world.send(meter.serial, [{ time: past, co2: 600 }]);
    await world.sql`update series_data set value = 1 where series_id = ${seriesId}`;
    const dataIdBefore = await world.dataId(projectId);
    const startAt = minutesFromNow(60);
    expectData(
      await world.admin.graphql(createCalibration, {
        input: { meterId: meter.id, channel: 'co2', expression: 'x * 10', startAt: startAt.toISOString() },
      }),
    );
    expect(await world.data(seriesId)).toEqual([[past.toISOString(), 1]]);
    expect(await world.dataId(projectId)).toBe(dataIdBefore);
    expect(await count('meter_calibrations', meter.id)).toBe(1);

    const later = minutesFromNow(61);
    await world.send(meter.serial, [{ time: later, co2: 600 }]);
    expect(await world.data(seriesId)).toEqual([
      [past.toISOString(), 1],
      [later.toISOString(), 6000],
    ]);
  });

  it('a new calibration ends the overlapping earlier one at its start; an overlap it cannot end is refused', async () => {
    const { meter, seriesId } = await fedSeries();
    const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 1, 1, hour, minute));
    await world.send(meter.serial, [
      { time: at(1, 30), co2: 100 },
      { time: at(2, 30), co2: 100 },
      { time: at(3, 30), co2: 100 },
      { time: at(4, 30), co2: 100 },
    ]);
    const create = async (expression: string, startAt: Date, endAt?: Date) =>
      world.admin.graphql<{ createCalibration: Calibration }>(createCalibration, {
        input: { meterId: meter.id, channel: 'co2', expression, startAt, endAt },
      });
    const ranges = async () =>
      (
        await world.sql<Array<{ expression: string; start_at: Date; end_at: Date | null }>>`
          select expression, start_at, end_at from meter_calibrations where meter_id = ${meter.id} order by start_at`
      ).map((row) => [
        row.expression,
        new Date(row.start_at).getUTCHours(),
        row.end_at && new Date(row.end_at).getUTCHours(),
      ]);
    const values = async () => (await world.data(seriesId)).map(([, value]) => value);

    expectData(await create('x + 1', at(1)));
    expect(await values()).toEqual([101, 101, 101, 101]);
    expectData(await create('x + 3', at(3)));
    expect(await ranges()).toEqual([
      ['x + 1', 1, 3],
      ['x + 3', 3, null],
    ]);
    expect(await values()).toEqual([101, 101, 103, 103]);

    // Open-ended and earlier than 'x + 3': ends 'x + 1' at its start and itself where 'x + 3' starts.
    const between = expectData(await create('x + 2', at(2))).createCalibration;
    expect(between.range).toEqual({ start: at(2).toISOString(), end: at(3).toISOString() });
    expect(await ranges()).toEqual([
      ['x + 1', 1, 2],
      ['x + 2', 2, 3],
      ['x + 3', 3, null],
    ]);
    expect(await values()).toEqual([101, 102, 103, 103]);

    // An end beyond the start of 'x + 3', or the same start: refused, nothing changes.
    for (const refused of [await create('x + 9', at(2, 30), at(4)), await create('x + 9', at(3))]) {
      expect(refused.errors?.[0]).toMatchObject({
        message: calibrationErrors.overlapsLater,
        extensions: { code: 'CONFLICT' },
      });
    }
    expect(await ranges()).toHaveLength(3);
    expect(await values()).toEqual([101, 102, 103, 103]);

    // A bounded calibration in the middle of an open one ends it for good (spec: ended at its start).
    expectData(await create('x + 4', at(4), at(5)));
    expect(await ranges()).toEqual([
      ['x + 1', 1, 2],
      ['x + 2', 2, 3],
      ['x + 3', 3, 4],
      ['x + 4', 4, 5],
    ]);
    expect(await values()).toEqual([101, 102, 103, 104]);

    // An end not after the start is refused.
    const backwards = await create('x', at(6), at(5));
    expect(backwards.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'endAt', message: calibrationErrors.endNotAfterStart },
    ]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
  });

  it('refuses an invalid expression with its message and saves nothing', async () => {
    const { meter, seriesId } = await fedSeries();
    await world.send(meter.serial, [{ time: '2026-03-01T10:00:00Z', co2: 400 }]);
    const conversion = await world.admin.graphql(createConversion, {
      input: { meterId: meter.id, channel: 'co2', expression: 'x +' },
    });
    expect(conversion.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: 'expression', message: expressionErrors.syntax }],
    });
    const calibration = await world.admin.graphql(createCalibration, {
      input: { meterId: meter.id, channel: 'co2', expression: 'process.exit(1)', startAt: '2026-03-01T00:00:00Z' },
    });
    expect(calibration.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'expression', message: expressionErrors.syntax },
    ]);
    const unknownName = await world.admin.graphql(createCalibration, {
      input: { meterId: meter.id, channel: 'co2', expression: 'y * 2' },
    });
    expect(unknownName.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'expression', message: expressionErrors.unknownName },
    ]);
    // The service checks too, for callers other than GraphQL: there the message itself is the error.
    const input = { meterId: meter.id, channel: 'co2', name: null, target: null, expression: 'x +' };
    await expect(world.calibrations.createConversion(await world.adminAccess(), input)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expressionErrors.syntax,
    });
    expect(await count('meter_conversions', meter.id)).toBe(0);
    expect(await count('meter_calibrations', meter.id)).toBe(0);
    expect(await world.data(seriesId)).toEqual([['2026-03-01T10:00:00.000Z', 400]]);

    const [calibrationRow] = await world.sql<Array<{ id: number }>>`
      insert into meter_calibrations (meter_id, channel, expression, start_at)
      values (${meter.id}, 'co2', 'x + 1', '2026-03-01T00:00:00Z') returning id`;
    const invalidUpdate = await world.admin.graphql(updateCalibration, {
      input: { id: calibrationRow?.id, expression: '2 ** x' },
    });
    expect(invalidUpdate.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'expression', message: expressionErrors.syntax },
    ]);
    const [stored] =
      await world.sql`select expression from meter_calibrations where id = ${calibrationRow?.id as number}`;
    expect(stored?.expression).toBe('x + 1');
  });

  it("tests an expression on the channel's last 20 readings without saving", async () => {
    const { meter, seriesId } = await fedSeries();
    const readings = Array.from({ length: 25 }, (_, index) => ({
      time: new Date(Date.UTC(2026, 3, 1, 0, index)),
      co2: 400 + index,
    }));
    await world.send(meter.serial, readings);
    expectData(
      await world.admin.graphql(createConversion, {
        input: { meterId: meter.id, channel: 'co2', expression: 'x * 2' },
      }),
    );
    const dataBefore = await world.data(seriesId);
    const run = async (expression: string) =>
      expectData(
        await world.admin.graphql<{
          testCalibration: Array<{
            data: number | null;
            message: string | null;
            original: number;
            time: string;
            valid: boolean;
          }>;
        }>(testCalibration, { input: { meterId: meter.id, channel: 'co2', expression } }),
      ).testCalibration;

    const results = await run('x + 1');
    expect(results).toHaveLength(20);
    expect(results[0]).toEqual({
      time: new Date(Date.UTC(2026, 3, 1, 0, 24)).toISOString(),
      original: 424,
      data: 849,
      valid: true,
      message: null,
    });
    expect(results.at(-1)).toMatchObject({ original: 405, data: 811, valid: true });

    // 1 / (x - 848) divides by zero for the newest reading (424 * 2 = 848) only.
    const partly = await run('1 / (x - 848)');
    expect(partly[0]).toMatchObject({ original: 424, data: null, valid: false, message: expressionErrors.notFinite });
    expect(partly[1]).toMatchObject({ original: 423, data: -0.5, valid: true, message: null });

    const invalid = await run('x +');
    expect(invalid.every((row) => !row.valid && row.data === null && row.message === expressionErrors.syntax)).toBe(
      true,
    );
    expect(await run('x')).toHaveLength(20);
    expect(await count('meter_calibrations', meter.id)).toBe(0);
    expect(await world.data(seriesId)).toEqual(dataBefore);
  });

  it('refuses every change to a meter whose organization the viewer does not administer', async () => {
    const { meter, seriesId } = await fedSeries();
    await world.send(meter.serial, [{ time: '2026-05-01T10:00:00Z', co2: 400 }]);
    const conversion = expectData(
      await world.admin.graphql<{ createConversion: { id: number } }>(createConversion, {
        input: { meterId: meter.id, channel: 'co2', expression: 'x + 1' },
      }),
    ).createConversion;
    const calibration = expectData(
      await world.admin.graphql<{ createCalibration: { id: number } }>(createCalibration, {
        input: { meterId: meter.id, channel: 'co2', expression: 'x + 1', startAt: '2026-05-01T00:00:00Z' },
      }),
    ).createCalibration;
    const before = {
      data: await world.data(seriesId),
      conversions: await world.sql`select * from meter_conversions where meter_id = ${meter.id}`,
      calibrations: await world.sql`select * from meter_calibrations where meter_id = ${meter.id}`,
    };

    const { client: stranger } = await signedInClient(world.olo.url);
    const anonymous = new TestClient(world.olo.url);
    const attempts: Array<[string, Record<string, unknown>]> = [
      [createConversion, { input: { meterId: meter.id, channel: 'co2', expression: 'x * 3' } }],
      [deleteConversion, { id: conversion.id }],
      [
        createCalibration,
        { input: { meterId: meter.id, channel: 'co2', expression: 'x', startAt: '2026-04-01T00:00:00Z' } },
      ],
      [updateCalibration, { input: { id: calibration.id, expression: 'x * 5' } }],
      [deleteCalibration, { id: calibration.id }],
      [testCalibration, { input: { meterId: meter.id, channel: 'co2', expression: 'x' } }],
    ];
    for (const [query, variables] of attempts) {
      expect((await stranger.graphql(query, variables)).errors?.[0]?.message).toBe('Permission denied');
      expect((await anonymous.graphql(query, variables)).errors?.[0]?.message).toBe('Not signed in');
    }
    // An unknown id is refused the same way, so ids of other organizations cannot be probed.
    expect((await stranger.graphql(deleteCalibration, { id: 2_000_000_000 })).errors?.[0]?.message).toBe(
      'Permission denied',
    );
    expect({
      data: await world.data(seriesId),
      conversions: await world.sql`select * from meter_conversions where meter_id = ${meter.id}`,
      calibrations: await world.sql`select * from meter_calibrations where meter_id = ${meter.id}`,
    }).toEqual(before);
  });
});

// Two database sessions at once (the calibration's, held open, and the ingest's): PGlite has one.
describeOnPostgres('a calibration saved during ingest on postgres', () => {
  const kind = 'postgres';
  let world: MeterWorld;

  /** A meter of the organization feeding a new series of a new project through its co2 channel. */
  async function fedSeries() {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    return { projectId, meter, seriesId };
  }

  beforeAll(async () => {
    world = await startMeterWorld(kind);
  });
  afterAll(() => world?.close());

  it('a reading that arrives while a calibration is being saved gets that calibration', async () => {
    const { meter, seriesId } = await fedSeries();
    await world.send(meter.serial, [{ time: minutesFromNow(-5), co2: 500 }]);
    // What saving a calibration does, held open: the meter's lock, the new calibration, not committed.
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const saving = world.sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${0x4f4c4f}::int, ${meter.id}::int)`;
      await tx`
          insert into meter_calibrations (meter_id, channel, expression, start_at)
          values (${meter.id}, 'co2', 'x + 50', ${minutesFromNow(-1).toISOString()})`;
      locked();
      await held;
    });
    await lockTaken;
    let stored = false;
    const sending = world.send(meter.serial, [{ time: new Date(), co2: 700 }]).then(() => {
      stored = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The reading waits for the calibration rather than being stored without it.
    expect(stored).toBe(false);
    commit();
    await saving;
    await sending;
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([500, 750]);
  });
});
