import { dewPoint } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MeterWorld, minutesFromNow, startMeterWorld } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData } from '../../testing/test-server.ts';

const createDatasource = /* GraphQL */ `
  mutation CreateDatasource($input: CreateSeriesDatasourceInput!) {
    createSeriesDatasource(input: $input) { id channel datasourceFunctionId datasourceFunctionName extraChannels }
  }`;
const createCalibration = /* GraphQL */ `
  mutation CreateCalibration($input: CreateCalibrationInput!) { createCalibration(input: $input) { id } }`;

describe.each(testDatabases)('datasource functions on %s', (kind) => {
  let world: MeterWorld;

  beforeAll(async () => {
    world = await startMeterWorld(kind);
  });
  afterAll(() => world?.close());

  it('lists the functions a datasource may apply', async () => {
    const { datasourceFunctions } = expectData(
      await world.admin.graphql<{ datasourceFunctions: Array<Record<string, unknown>> }>(
        'query { datasourceFunctions { id name requiredDataType extra dataType dataUnit dataName } }',
      ),
    );
    expect(datasourceFunctions).toContainEqual({
      id: 'dewPoint',
      name: 'Dew point',
      requiredDataType: 'Humidity',
      extra: ['Temperature'],
      dataType: 'Dew point',
      dataUnit: '°C',
      dataName: 'Dew point',
    });
  });

  it('feeds a series the dew point of each reading, recomputed when the temperature is calibrated', async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId, 'Kastepiste');
    await world.send(meter.serial, [{ time: minutesFromNow(-30), co2: 500, humidity: 40, temperature: 21 }]);

    const datasource = expectData(
      await world.admin.graphql<{ createSeriesDatasource: Record<string, unknown> }>(createDatasource, {
        input: {
          seriesId,
          meterId: meter.id,
          channel: 'humidity',
          datasourceFunctionId: 'dewPoint',
          extraChannels: ['temperature'],
          startAt: minutesFromNow(-20).toISOString(),
        },
      }),
    ).createSeriesDatasource;
    expect(datasource).toMatchObject({
      channel: 'humidity',
      datasourceFunctionId: 'dewPoint',
      datasourceFunctionName: 'Dew point',
      extraChannels: ['temperature'],
    });

    const times = [minutesFromNow(-10), minutesFromNow(-5)];
    await world.send(meter.serial, [
      { time: times[0] as Date, co2: 500, humidity: 80, temperature: 25 },
      { time: times[1] as Date, co2: 500, humidity: 50, temperature: 20 },
    ]);
    const values = await world.data(seriesId);
    expect(values.map(([, value]) => value)).toEqual([dewPoint(80, 25), dewPoint(50, 20)]);

    // The thermometer reads 2 °C low: calibrating it rewrites the dew points it went into.
    expectData(
      await world.admin.graphql(createCalibration, {
        input: {
          meterId: meter.id,
          channel: 'temperature',
          expression: 'x + 2',
          startAt: minutesFromNow(-60).toISOString(),
        },
      }),
    );
    expect((await world.data(seriesId)).map(([, value]) => value)).toEqual([dewPoint(80, 27), dewPoint(50, 22)]);
  });

  it("refuses a function that does not fit the meter's channels, saving nothing", async () => {
    const projectId = await world.newProject();
    const meter = await world.newMeter();
    const seriesId = await world.newSeries(projectId);
    await world.send(meter.serial, [{ time: minutesFromNow(-1), co2: 500, humidity: 40, temperature: 21 }]);
    const attempt = async (input: Record<string, unknown>) =>
      (await world.admin.graphql(createDatasource, { input: { seriesId, meterId: meter.id, ...input } })).errors?.[0]
        ?.extensions?.issues;
    expect(await attempt({ channel: 'co2', datasourceFunctionId: 'dewPoint', extraChannels: ['temperature'] })).toEqual(
      [{ path: 'channel', message: 'The channel does not measure what the function needs' }],
    );
    expect(await attempt({ channel: 'humidity', datasourceFunctionId: 'dewPoint' })).toEqual([
      { path: 'extraChannels', message: 'Choose a channel for each further quantity the function needs' },
    ]);
    expect(await attempt({ channel: 'humidity', datasourceFunctionId: 'dewPoint', extraChannels: ['co2'] })).toEqual([
      { path: 'extraChannels', message: 'The channel does not measure what the function needs' },
    ]);
    expect(await attempt({ channel: 'humidity', datasourceFunctionId: 'wetness' })).toEqual([
      { path: 'datasourceFunctionId', message: 'Unknown datasource function' },
    ]);
    const [row] = await world.sql<Array<{ n: number }>>`
      select count(*)::int as n from series_datasources where series_id = ${seriesId}`;
    expect(row?.n).toBe(0);
  });
});
