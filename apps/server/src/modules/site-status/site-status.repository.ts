import type { Sql } from '../../db/sql.ts';
import { textArray } from '../../db/sql.ts';

/** Uplinks stored in one minute and the decoded values they carried. */
export interface IngestMinute {
  minute: Date;
  uplinks: number;
  values: number;
}

export interface CountByKey {
  key: string;
  count: number;
}

/** The durable queue's jobs of one name, as they stand now. */
export interface JobQueueFigures {
  name: string;
  /** Due now and held by nobody. */
  due: number;
  /** Waiting for a later time (scheduled runs, retries after their wait). */
  later: number;
  /** Held by a worker now. */
  running: number;
  /** Waiting for another attempt after a failure. */
  retrying: number;
  /** Failed on every attempt: nothing runs them again. */
  gaveUp: number;
  /** Finished in the last hour. */
  doneLastHour: number;
}

export interface DatabaseFigures {
  sizeBytes: number;
  /** Uplinks stored in the last 24 hours: the readings table's growth. */
  readingsLastDay: number;
}

export interface SystemErrorFigures {
  /** Unacknowledged errors of no meter: what /errors lists. */
  ofNoMeter: number;
  /** Unacknowledged errors of meters (shown on the meters). */
  ofMeters: number;
  newestAt: Date | null;
}

/** The type prefixes of system errors that record a refused uplink or MQTT message. */
const refusalTypes = ['ingest.%', 'mqtt.%'];

/** The status dashboard's figures, read from what the database keeps. */
export class SiteStatusRepository {
  constructor(private readonly sql: Sql) {}

  /** Per minute of the last hour that had any (received_at, this server's clock). */
  async ingestMinutes(): Promise<IngestMinute[]> {
    const rows = await this.sql<Array<{ minute: Date | string; uplinks: number; values: number }>>`
      select date_trunc('minute', received_at) as minute, count(*)::int as uplinks,
        coalesce(sum(case when jsonb_typeof(channels) = 'object'
          then (select count(*) from jsonb_object_keys(channels)) else 0 end), 0)::int as values
      from meter_readings
      where received_at > date_trunc('minute', now()) - interval '59 minutes'
      group by 1 order by 1`;
    return rows.map((row) => ({ minute: new Date(row.minute), uplinks: row.uplinks, values: row.values }));
  }

  /** Refused uplinks and MQTT messages of the last hour, by their system error's type. */
  refusalsLastHour(): Promise<CountByKey[]> {
    return this.sql<CountByKey[]>`
      select type as key, count(*)::int as count from system_errors
      where time > now() - interval '1 hour' and type like any(${textArray(refusalTypes)}::text[])
      group by type order by count desc, type`;
  }

  jobQueue(): Promise<JobQueueFigures[]> {
    return this.sql<JobQueueFigures[]>`
      select name,
        count(*) filter (where done_at is null and attempts < max_attempts and run_at <= now()
          and (locked_until is null or locked_until < now()))::int as due,
        count(*) filter (where done_at is null and attempts < max_attempts and run_at > now()
          and (locked_until is null or locked_until < now()))::int as later,
        count(*) filter (where done_at is null and locked_until >= now())::int as running,
        count(*) filter (where done_at is null and attempts < max_attempts and last_error is not null)::int as retrying,
        count(*) filter (where done_at is null and attempts >= max_attempts)::int as "gaveUp",
        count(*) filter (where done_at > now() - interval '1 hour')::int as "doneLastHour"
      from jobs
      where done_at is null or done_at > now() - interval '1 hour'
      group by name order by name`;
  }

  /** Alarm actions whose latest delivery was in the last hour, by how it went (sent, retrying, failed, notSent). */
  alarmDeliveriesLastHour(): Promise<CountByKey[]> {
    return this.sql<CountByKey[]>`
      select delivery_status as key, count(*)::int as count from alarms_actions
      where delivery_at > now() - interval '1 hour' and delivery_status is not null
      group by delivery_status order by delivery_status`;
  }

  async database(): Promise<DatabaseFigures> {
    const [row] = await this.sql<Array<{ sizeBytes: string | number; readingsLastDay: number }>>`
      select pg_database_size(current_database()) as "sizeBytes",
        (select count(*)::int from meter_readings where received_at > now() - interval '1 day') as "readingsLastDay"`;
    return { sizeBytes: Number(row?.sizeBytes ?? 0), readingsLastDay: row?.readingsLastDay ?? 0 };
  }

  async systemErrors(): Promise<SystemErrorFigures> {
    const [row] = await this.sql<Array<{ ofNoMeter: number; ofMeters: number; newestAt: Date | string | null }>>`
      select count(*) filter (where meter_id is null)::int as "ofNoMeter",
        count(*) filter (where meter_id is not null)::int as "ofMeters", max(time) as "newestAt"
      from system_errors where not acknowledged`;
    return {
      ofNoMeter: row?.ofNoMeter ?? 0,
      ofMeters: row?.ofMeters ?? 0,
      newestAt: row?.newestAt ? new Date(row.newestAt) : null,
    };
  }

  organizationNames(ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.sql<Array<{ id: string; name: string }>>`
      select id, name from organizations where id = any(${textArray(ids)}::uuid[]) order by name`;
  }
}
