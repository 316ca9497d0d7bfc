import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MeterWorld, startMeterWorld } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { RecalculationRepository } from './recalculation.repository.ts';
import { RecalculationService } from './recalculation.service.ts';

describe.each(testDatabases)('recomputing stored series on %s', (kind) => {
  let world: MeterWorld;
  /** Two readings a page, so that every test crosses pages. */
  let paged: RecalculationService;
  const values = async (seriesId: number) => (await world.data(seriesId)).map(([, value]) => value);

  beforeAll(async () => {
    world = await startMeterWorld(kind);
    paged = new RecalculationService({
      repository: new RecalculationRepository(world.sql),
      events: world.olo.server.events,
      logger: world.olo.server.logger,
      pageSize: 2,
    });
  });
  afterAll(() => world?.close());

  it('rewrites a range page by page, keeping readings of one time together, and leaves other times alone', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    // Two readings at 10:10 (frames 1 and 2): the first one stored is the series value.
    await world.send(meter.serial, [
      { time: '2026-06-01T09:50:00Z', co2: 100 },
      { time: '2026-06-01T10:00:00Z', co2: 200 },
      { time: '2026-06-01T10:10:00Z', co2: 300, fCnt: 1 },
      { time: '2026-06-01T10:10:00Z', co2: 301, fCnt: 2 },
      { time: '2026-06-01T10:20:00Z', co2: 400 },
      { time: '2026-06-01T11:30:00Z', co2: 500 },
      { time: '2026-06-01T12:30:00Z', co2: 600 },
    ]);
    expect(await values(seriesId)).toEqual([100, 200, 300, 400, 500, 600]);
    await world.sql`insert into meter_conversions (meter_id, channel, name, expression)
      values (${meter.id}, 'co2', 'co2', 'x + 1')`;
    const dataId = await world.dataId(projectId);

    const result = await paged.recomputeSeries({
      meterId: meter.id,
      channel: 'co2',
      from: new Date('2026-06-01T10:00:00Z'),
      to: new Date('2026-06-01T11:30:00Z'),
    });
    expect(result).toMatchObject({ seriesIds: [seriesId], projectIds: [projectId], readings: 5, problems: 0 });
    // Both ends are inclusive; 09:50 and 12:30 lie outside.
    expect(await values(seriesId)).toEqual([100, 201, 301, 401, 501, 600]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
    expect(await world.latest(seriesId)).toEqual(['2026-06-01T12:30:00.000Z', 600]);
    expect(await world.dataId(projectId)).not.toBe(dataId);

    // The whole history (unbounded range).
    await paged.recomputeSeries({ meterId: meter.id, from: null, to: null });
    expect(await values(seriesId)).toEqual([101, 201, 301, 401, 501, 601]);
    expect(await world.latest(seriesId)).toEqual(['2026-06-01T12:30:00.000Z', 601]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
  });

  it('a range without readings changes nothing, not even the data id', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    await world.send(meter.serial, [{ time: '2026-06-01T10:00:00Z', co2: 100 }]);
    const dataId = await world.dataId(projectId);
    const result = await paged.recomputeSeries({
      meterId: meter.id,
      channel: 'co2',
      from: new Date('2026-07-01T00:00:00Z'),
      to: null,
    });
    expect(result).toMatchObject({ seriesIds: [], projectIds: [], readings: 0 });
    expect(await world.dataId(projectId)).toBe(dataId);
  });

  it('only the recomputed channel: another channel of the meter feeding another series stays', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const co2 = await world.newSeries(projectId, 'CO2');
    const temperature = await world.newSeries(projectId, 'Temperature');
    await world.addDatasource(co2, meter.id, 'co2');
    await world.addDatasource(temperature, meter.id, 'temperature');
    await world.send(meter.serial, [{ time: '2026-06-02T10:00:00Z', co2: 400, temperature: 20 }]);
    await world.sql`update series_data set value = -1 where series_id = ${temperature}`;
    await world.sql`insert into meter_conversions (meter_id, channel, name, expression)
      values (${meter.id}, 'co2', 'co2', 'x / 2')`;
    await world.recalculation.recomputeSeries({ meterId: meter.id, channel: 'co2', from: null, to: null });
    expect(await values(co2)).toEqual([200]);
    expect(await values(temperature)).toEqual([-1]);
  });

  it('a datasource whose range moved: its old times leave the series, its new ones arrive', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    const datasourceId = await world.addDatasource(seriesId, meter.id, 'co2', {
      startAt: new Date('2026-06-03T10:00:00Z'),
      endAt: new Date('2026-06-03T12:00:00Z'),
    });
    await world.send(meter.serial, [
      { time: '2026-06-03T09:00:00Z', co2: 9 },
      { time: '2026-06-03T10:00:00Z', co2: 10 },
      { time: '2026-06-03T11:00:00Z', co2: 11 },
      { time: '2026-06-03T12:00:00Z', co2: 12 },
    ]);
    expect(await values(seriesId)).toEqual([10, 11]);
    const oldRange = { from: new Date('2026-06-03T10:00:00Z'), to: new Date('2026-06-03T12:00:00Z') };
    await world.sql`update series_datasources set start_at = '2026-06-03T09:00:00Z', end_at = '2026-06-03T10:30:00Z'
      where id = ${datasourceId}`;
    // The union of the old and the new range.
    await paged.recomputeDatasource({ datasourceId }, { from: new Date('2026-06-03T09:00:00Z'), to: oldRange.to });
    expect(await world.data(seriesId)).toEqual([
      ['2026-06-03T09:00:00.000Z', 9],
      ['2026-06-03T10:00:00.000Z', 10],
    ]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
    expect(await world.latest(seriesId)).toEqual(['2026-06-03T10:00:00.000Z', 10]);
  });

  it('a datasource moved to another series: given both series, the old one empties and the new one fills', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const from = await world.newSeries(projectId, 'From');
    const to = await world.newSeries(projectId, 'To');
    const datasourceId = await world.addDatasource(from, meter.id, 'co2');
    await world.send(meter.serial, [
      { time: '2026-06-04T10:00:00Z', co2: 10 },
      { time: '2026-06-04T11:00:00Z', co2: 11 },
    ]);
    await world.sql`update series_datasources set series_id = ${to} where id = ${datasourceId}`;
    const result = await paged.recomputeSeries({
      meterId: meter.id,
      channel: 'co2',
      from: null,
      to: null,
      seriesIds: [from, to],
    });
    expect(result.seriesIds.sort()).toEqual([from, to].sort());
    expect(await values(from)).toEqual([]);
    expect(await world.rollup(from)).toEqual([]);
    expect(await world.latest(from)).toBeNull();
    expect(await values(to)).toEqual([10, 11]);
    expect(await world.latest(to)).toEqual(['2026-06-04T11:00:00.000Z', 11]);

    // recomputeDatasource by series: every source of it.
    await world.sql`delete from series_data where series_id = ${to}`;
    await paged.recomputeDatasource({ seriesId: to });
    expect(await values(to)).toEqual([10, 11]);
  });

  it("a coincident reading of the series' other meter is not lost when the recomputed meter no longer covers it", async () => {
    const projectId = await world.newProject();
    const first = await world.newMeter();
    const second = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    const firstSource = await world.addDatasource(seriesId, first.id, 'co2');
    await world.addDatasource(seriesId, second.id, 'co2');
    // Both meters report at 10:00; the first one stored wins the series value.
    await world.send(first.serial, [
      { time: '2026-06-05T10:00:00Z', co2: 1 },
      { time: '2026-06-05T11:00:00Z', co2: 1 },
    ]);
    await world.send(second.serial, [
      { time: '2026-06-05T10:00:00Z', co2: 2 },
      { time: '2026-06-05T10:30:00Z', co2: 2 },
    ]);
    expect(await values(seriesId)).toEqual([1, 2, 1]);

    // The first meter stops feeding the series before 10:00.
    await world.sql`update series_datasources set end_at = '2026-06-05T09:00:00Z' where id = ${firstSource}`;
    await paged.recomputeDatasource({ datasourceId: firstSource }, { from: null, to: null });
    expect(await world.data(seriesId)).toEqual([
      ['2026-06-05T10:00:00.000Z', 2],
      ['2026-06-05T10:30:00.000Z', 2],
    ]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
  });

  it('deleting readings takes their series values with them, refilled from a coincident other source', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const other = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    const temperature = await world.newSeries(projectId, 'Temperature');
    await world.addDatasource(seriesId, meter.id, 'co2');
    await world.addDatasource(seriesId, other.id, 'co2');
    await world.addDatasource(temperature, meter.id, 'temperature');
    await world.send(meter.serial, [
      { time: '2026-06-07T10:00:00Z', co2: 1, temperature: 20 },
      { time: '2026-06-07T11:00:00Z', co2: 1, temperature: 21 },
      { time: '2026-06-07T12:00:00Z', co2: 1, temperature: 22 },
    ]);
    await world.send(other.serial, [{ time: '2026-06-07T11:00:00Z', co2: 2 }]);
    expect(await values(seriesId)).toEqual([1, 1, 1]);
    const dataId = await world.dataId(projectId);

    const result = await paged.deleteReadings({
      meterId: meter.id,
      from: new Date('2026-06-07T10:30:00Z'),
      to: new Date('2026-06-07T12:00:00Z'),
    });
    expect(result.readingsDeleted).toBe(2);
    expect(await values(seriesId)).toEqual([1, 2]);
    expect(await values(temperature)).toEqual([20]);
    expect(await world.latest(temperature)).toEqual(['2026-06-07T10:00:00.000Z', 20]);
    expect(await world.latest(seriesId)).toEqual(['2026-06-07T11:00:00.000Z', 2]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
    expect(await world.rollup(temperature)).toEqual(await world.rollupFromData(temperature));
    expect(await world.dataId(projectId)).not.toBe(dataId);
    const [left] = await world.sql`select count(*)::int as n from meter_readings where meter_id = ${meter.id}`;
    expect(left?.n).toBe(1);
  });

  it('a reading whose conversion fails reaches no series, as on ingest', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.addDatasource(seriesId, meter.id, 'co2');
    await world.send(meter.serial, [
      { time: '2026-06-06T10:00:00Z', co2: 0 },
      { time: '2026-06-06T11:00:00Z', co2: 4 },
    ]);
    await world.sql`insert into meter_conversions (meter_id, channel, name, expression)
      values (${meter.id}, 'co2', 'co2', '1 / x')`;
    const result = await paged.recomputeSeries({ meterId: meter.id, channel: 'co2', from: null, to: null });
    expect(result.problems).toBe(1);
    expect(await values(seriesId)).toEqual([0.25]);
    expect(await world.rollup(seriesId)).toEqual(await world.rollupFromData(seriesId));
  });
});
