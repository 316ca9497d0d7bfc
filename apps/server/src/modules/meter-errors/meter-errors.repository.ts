import { numberArray, type Sql, type Transaction, type Tx, textArray, transaction } from '../../db/sql.ts';

/** A watched meter (active, not in storage, of an organization) with what its health is judged from. */
export interface WatchedMeter {
  id: number;
  serial: string;
  name: string | null;
  driver: string | null;
  organizationId: string;
  organizationName: string;
  lastSeenAt: Date | null;
  intervalSeconds: number | null;
  battery: number | null;
  vdd: number | null;
}

export interface MeterSystemError {
  id: number;
  meterId: number;
  time: Date;
  name: string;
}

export interface MeterErrorRecipient {
  userId: string;
  organizationId: string;
  email: string;
  language: string;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** SQL of the daily meter-error mail; every method runs in the caller's transaction. */
export class MeterErrorsRepository {
  constructor(private readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  async watchedMeters(tx: Tx): Promise<WatchedMeter[]> {
    const rows = await tx<Array<WatchedMeter & { lastSeenAt: Date | string | null }>>`
      select m.id, m.serial, m.name, m.driver, m.organization_id as "organizationId", o.name as "organizationName",
             m.last_seen_at as "lastSeenAt", m.interval_seconds as "intervalSeconds", l.battery, l.vdd
      from meters m
      join organizations o on o.id = m.organization_id
      left join meter_latest l on l.meter_id = m.id
      where m.active and not m.in_storage
      order by o.name, coalesce(m.name, m.serial), m.id`;
    return rows.map((row) => ({ ...row, lastSeenAt: date(row.lastSeenAt) }));
  }

  async notices(tx: Tx): Promise<Array<{ meterId: number; kind: string }>> {
    return [
      ...(await tx<
        Array<{ meterId: number; kind: string }>
      >`select meter_id as "meterId", kind from meter_error_notices`),
    ];
  }

  async addNotices(tx: Tx, notices: Array<{ meterId: number; kind: string }>): Promise<void> {
    if (notices.length === 0) return;
    await tx`
      insert into meter_error_notices (meter_id, kind)
      select * from unnest(${numberArray(notices.map((n) => n.meterId))}::int[], ${textArray(notices.map((n) => n.kind))}::text[])
      on conflict do nothing`;
  }

  async removeNotices(tx: Tx, notices: Array<{ meterId: number; kind: string }>): Promise<void> {
    if (notices.length === 0) return;
    await tx`
      delete from meter_error_notices n
      using unnest(${numberArray(notices.map((n) => n.meterId))}::int[], ${textArray(notices.map((n) => n.kind))}::text[]) as u(meter_id, kind)
      where n.meter_id = u.meter_id and n.kind = u.kind`;
  }

  /** Open system errors of meters not mailed yet, marked as mailed now. */
  async takeUnmailedSystemErrors(tx: Tx): Promise<MeterSystemError[]> {
    const rows = await tx<Array<MeterSystemError & { time: Date | string }>>`
      update system_errors set mailed_at = now()
      where meter_id is not null and not acknowledged and mailed_at is null
      returning id, meter_id as "meterId", time, name`;
    return rows.map((row) => ({ ...row, time: new Date(row.time) })).sort((a, b) => a.id - b.id);
  }

  /**
   * Members who asked for meter-error mail and may see the organization's meters (admins and
   * canViewMeters), active, with a verified primary address.
   */
  async recipients(tx: Tx, organizationIds: string[]): Promise<MeterErrorRecipient[]> {
    if (organizationIds.length === 0) return [];
    return [
      ...(await tx<MeterErrorRecipient[]>`
        select u.id as "userId", om.organization_id as "organizationId", e.email, u.language
        from organization_memberships om
        join users u on u.id = om.user_id and u.active
        join user_emails e on e.user_id = u.id and e.is_primary and e.is_verified
        where om.notify_on_meter_error and (om.is_admin or om.can_view_meters)
          and om.organization_id = any(${textArray(organizationIds)}::uuid[])
        order by u.id`),
    ];
  }
}
