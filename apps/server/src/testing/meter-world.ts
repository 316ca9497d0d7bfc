import crypto from 'node:crypto';
import type { EventMap } from '../events/event-bus.ts';
import type { ViewerAccess } from '../modules/access/access.policy.ts';
import { AccountsRepository } from '../modules/accounts/accounts.repository.ts';
import type { CalibrationsService } from '../modules/calibrations/calibrations.service.ts';
import { RecalculationRepository } from '../modules/recalculation/recalculation.repository.ts';
import { RecalculationService } from '../modules/recalculation/recalculation.service.ts';
import { createOrganization, createProject, signedInClient } from './factories.ts';
import type { DatabaseKind } from './test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from './test-server.ts';
import { uplinkExample } from './uplink-examples.ts';

/**
 * Test set-up shared by the recalculation and calibration tests: a whole Olo with INGEST_TOKEN, an
 * organization whose admin is `admin`, and helpers that make meters of that organization, series
 * fed by them, and readings sent through the real HTTP ingest.
 */

const ingestToken = 'recalculation-ingest-token-0123456789';
const ttsExample = uplinkExample('tts-v3-mqtt-up.json').payload as Record<string, unknown>;

export interface Reading {
  time: Date | string;
  co2: number;
  fCnt?: number;
  temperature?: number;
  humidity?: number;
}

export interface MeterWorld {
  olo: TestServer;
  sql: TestServer['server']['database']['sql'];
  admin: TestClient;
  /** The admin's rights, for calling services directly. */
  adminAccess(): Promise<ViewerAccess>;
  organizationId: string;
  recalculation: RecalculationService;
  calibrations: CalibrationsService;
  newProject(): Promise<number>;
  /** A meter of the organization (generic JSON driver: the uplink's decoded payload is read). */
  newMeter(): Promise<{ id: number; serial: string }>;
  newSeries(projectId: number, name?: string): Promise<number>;
  addDatasource(
    seriesId: number,
    meterId: number,
    channel: string,
    range?: { startAt?: Date | null; endAt?: Date | null },
  ): Promise<number>;
  /** Sends readings through POST /api/ingest/tts; resolves after they are stored. */
  send(serial: string, readings: Reading[]): Promise<void>;
  /**
   * Resolves once every background recomputation enqueued so far has run (the server's real job
   * runner runs them) or failed. The readers below (data, rollup, latest, dataId) wait for it
   * first, so that a test reads the values a change leads to.
   */
  recalculated(): Promise<void>;
  /** [ISO time, value] of a series, oldest first. */
  data(seriesId: number): Promise<Array<[string, number]>>;
  rollup(seriesId: number): Promise<Array<{ hour: string; sum: number; min: number; max: number; count: number }>>;
  /** The rollup as series_data says it should be: equal to `rollup` when it is consistent. */
  rollupFromData(
    seriesId: number,
  ): Promise<Array<{ hour: string; sum: number; min: number; max: number; count: number }>>;
  latest(seriesId: number): Promise<[string, number] | null>;
  dataId(projectId: number): Promise<string>;
  /** Events of a topic from now on; stop() ends the subscription. */
  listen<T extends keyof EventMap>(topic: T): { events: Array<EventMap[T]>; stop(): void };
  close(): Promise<void>;
}

let fCnt = 0;

export async function startMeterWorld(kind: DatabaseKind): Promise<MeterWorld> {
  const olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
  const sql = olo.server.database.sql;
  const recalculationRepository = new RecalculationRepository(sql);
  const recalculation = new RecalculationService({
    repository: recalculationRepository,
    events: olo.server.events,
    logger: olo.server.logger,
  });
  const calibrations = olo.server.services.calibrations;
  const { client: admin, account } = await signedInClient(olo.url);
  const organization = await createOrganization(admin);

  const world: MeterWorld = {
    olo,
    sql,
    admin,
    async adminAccess() {
      const user = await new AccountsRepository(olo.server.database.db).findUserById(account.id);
      return olo.server.services.access.forViewer(user ?? null);
    },
    organizationId: organization.id,
    recalculation,
    calibrations,
    newProject: async () => (await createProject(admin, organization.id)).id,
    async newMeter() {
      const serial = crypto.randomBytes(8).toString('hex');
      const [row] = await sql<Array<{ id: number }>>`
        insert into meters (serial, driver, organization_id, organization_since, provider)
        values (${serial}, 'json', ${organization.id}, now(), 'tts') returning id`;
      return { id: (row as { id: number }).id, serial };
    },
    async newSeries(projectId, name = 'CO2') {
      const [row] = await sql<Array<{ id: number }>>`
        insert into series (project_id, name, data_type, data_unit) values (${projectId}, ${name}, 'CO2', 'ppm')
        returning id`;
      return (row as { id: number }).id;
    },
    async addDatasource(seriesId, meterId, channel, range = {}) {
      const [row] = await sql<Array<{ id: number }>>`
        insert into series_datasources (series_id, meter_id, channel, start_at, end_at)
        values (${seriesId}, ${meterId}, ${channel}, ${range.startAt?.toISOString() ?? null},
                ${range.endAt?.toISOString() ?? null})
        returning id`;
      return (row as { id: number }).id;
    },
    async send(serial, readings) {
      const body = readings.map((reading) => {
        const message = structuredClone(ttsExample) as {
          end_device_ids: { dev_eui: string };
          uplink_message: {
            f_cnt: number;
            settings: { time: string };
            rx_metadata: Array<{ time: string }>;
            decoded_payload: Record<string, number>;
          };
        };
        const time = new Date(reading.time).toISOString();
        fCnt += 1;
        message.end_device_ids.dev_eui = serial.toUpperCase();
        message.uplink_message.f_cnt = reading.fCnt ?? fCnt;
        message.uplink_message.settings.time = time;
        for (const gateway of message.uplink_message.rx_metadata) gateway.time = time;
        message.uplink_message.decoded_payload = {
          ...message.uplink_message.decoded_payload,
          co2: reading.co2,
          ...(reading.temperature === undefined ? {} : { temperature: reading.temperature }),
          ...(reading.humidity === undefined ? {} : { humidity: reading.humidity }),
        };
        return message;
      });
      const response = await fetch(`${olo.url}/api/ingest/tts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
        body: JSON.stringify(body),
      });
      if (response.status !== 202) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    },
    recalculated: () => untilRecalculated(sql),
    async data(seriesId) {
      await world.recalculated();
      const rows = await sql<Array<{ time: Date; value: number }>>`
        select time, value from series_data where series_id = ${seriesId} order by time`;
      return rows.map((row) => [new Date(row.time).toISOString(), row.value]);
    },
    async rollup(seriesId) {
      await world.recalculated();
      const rows = await sql<Array<{ hour: Date; sum: number; min: number; max: number; count: number }>>`
        select hour, sum, min, max, count from series_rollup_hour where series_id = ${seriesId} order by hour`;
      return rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
    },
    async rollupFromData(seriesId) {
      const rows = await sql<Array<{ hour: Date; sum: number; min: number; max: number; count: number }>>`
        select date_trunc('hour', time, 'UTC') as hour, sum(value) as sum, min(value) as min, max(value) as max,
               count(*)::int as count
        from series_data where series_id = ${seriesId} group by 1 order by 1`;
      return rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
    },
    async latest(seriesId) {
      await world.recalculated();
      const [row] = await sql<Array<{ time: Date; value: number }>>`
        select time, value from series_latest where series_id = ${seriesId}`;
      return row ? [new Date(row.time).toISOString(), row.value] : null;
    },
    async dataId(projectId) {
      await world.recalculated();
      const [row] = await sql<
        Array<{ dataId: string }>
      >`select data_id as "dataId" from projects where id = ${projectId}`;
      return (row as { dataId: string }).dataId;
    },
    listen(topic) {
      const events: Array<EventMap[typeof topic]> = [];
      const stop = new AbortController();
      void (async () => {
        for await (const event of olo.server.events.subscribe(topic, stop.signal)) events.push(event);
      })();
      return { events, stop: () => stop.abort() };
    },
    close: () => olo.close(),
  };
  return world;
}

/**
 * Resolves once every background recomputation enqueued so far in the database has run (the
 * server's real job runner runs them) or failed.
 */
export async function untilRecalculated(sql: TestServer['server']['database']['sql']): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await sql<Array<{ pending: number }>>`
      select count(*)::int as pending from recalculations where status in ('queued', 'running')`;
    if (row?.pending === 0) return;
    if (Date.now() > deadline) throw new Error('background recomputations did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A time `minutes` from now (negative: in the past), on a whole second. */
export function minutesFromNow(minutes: number): Date {
  return new Date(Math.floor((Date.now() + minutes * 60_000) / 1000) * 1000);
}
