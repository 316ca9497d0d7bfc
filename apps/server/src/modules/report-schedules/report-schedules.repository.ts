import type { Language, ReportPeriod, ReportScheduleFrequency, ReportSendingStatus } from '@olo/shared';
import { type Sql, type Transaction, type Tx, textArray, transaction } from '../../db/sql.ts';

export interface ScheduleRow {
  id: number;
  reportId: number;
  frequency: ReportScheduleFrequency;
  weekday: number | null;
  monthDay: number | null;
  hour: number;
  minute: number;
  enabled: boolean;
  language: Language;
  memberIds: string[];
  addresses: string[];
  ownerId: string | null;
  nextDueAt: Date;
}

/** A schedule with what its sending needs of its report and project. */
export interface DueSchedule extends ScheduleRow {
  projectId: number;
  organizationId: string;
  timeZone: string;
  report: { from: Date; to: Date; period: ReportPeriod | null };
}

export interface SendingRow {
  id: number;
  scheduleId: number;
  reportId: number;
  from: Date;
  to: Date;
  status: ReportSendingStatus;
  attempts: number;
  error: string | null;
  delivered: string[];
  recipientCount: number;
  asLink: boolean;
  sentAt: Date | null;
  createdAt: Date;
}

export type ScheduleFields = Omit<ScheduleRow, 'id' | 'reportId'>;

const scheduleColumns = (tx: Tx) => tx`
  s.id, s.report_id as "reportId", s.frequency, s.weekday, s.month_day as "monthDay", s.hour, s.minute, s.enabled,
  s.language, s.member_ids as "memberIds", s.addresses, s.owner_id as "ownerId", s.next_due_at as "nextDueAt"`;

const sendingColumns = (tx: Tx) => tx`
  g.id, g.schedule_id as "scheduleId", g.report_id as "reportId", g.from_at as "from", g.to_at as "to", g.status,
  g.attempts, g.error, g.delivered, g.recipient_count as "recipientCount", g.as_link as "asLink", g.sent_at as "sentAt",
  g.created_at as "createdAt"`;

const toDate = (value: Date | string) => new Date(value);
const schedule = <T extends ScheduleRow>(row: T): T => ({ ...row, nextDueAt: toDate(row.nextDueAt) });
const sending = (row: SendingRow): SendingRow => ({
  ...row,
  from: toDate(row.from),
  to: toDate(row.to),
  sentAt: row.sentAt === null ? null : toDate(row.sentAt),
  createdAt: toDate(row.createdAt),
});

/** SQL of report schedules, their sendings and unsubscribed addresses. */
export class ReportSchedulesRepository {
  constructor(readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  async ofReport(reportId: number): Promise<ScheduleRow[]> {
    const rows = await this.sql<ScheduleRow[]>`
      select ${scheduleColumns(this.sql)} from report_schedules s where s.report_id = ${reportId} order by s.id`;
    return rows.map(schedule);
  }

  async byId(id: number): Promise<ScheduleRow | undefined> {
    const [row] = await this.sql<
      ScheduleRow[]
    >`select ${scheduleColumns(this.sql)} from report_schedules s where s.id = ${id}`;
    return row ? schedule(row) : undefined;
  }

  async countOfReport(reportId: number): Promise<number> {
    const [row] = await this.sql<[{ count: number }]>`
      select count(*)::int as count from report_schedules where report_id = ${reportId}`;
    return row.count;
  }

  async insert(reportId: number, fields: ScheduleFields): Promise<ScheduleRow> {
    const [row] = await this.sql<ScheduleRow[]>`
      insert into report_schedules as s (report_id, frequency, weekday, month_day, hour, minute, enabled, language,
        member_ids, addresses, owner_id, next_due_at)
      values (${reportId}, ${fields.frequency}, ${fields.weekday}, ${fields.monthDay}, ${fields.hour}, ${fields.minute},
        ${fields.enabled}, ${fields.language}, ${JSON.stringify(fields.memberIds)}::jsonb,
        ${JSON.stringify(fields.addresses)}::jsonb, ${fields.ownerId}, ${fields.nextDueAt.toISOString()}::timestamptz)
      returning ${scheduleColumns(this.sql)}`;
    return schedule(row as ScheduleRow);
  }

  async update(id: number, fields: ScheduleFields): Promise<ScheduleRow | undefined> {
    const [row] = await this.sql<ScheduleRow[]>`
      update report_schedules as s set frequency = ${fields.frequency}, weekday = ${fields.weekday},
        month_day = ${fields.monthDay}, hour = ${fields.hour}, minute = ${fields.minute}, enabled = ${fields.enabled},
        language = ${fields.language}, member_ids = ${JSON.stringify(fields.memberIds)}::jsonb,
        addresses = ${JSON.stringify(fields.addresses)}::jsonb, owner_id = ${fields.ownerId},
        next_due_at = ${fields.nextDueAt.toISOString()}::timestamptz, updated_at = now()
      where s.id = ${id}
      returning ${scheduleColumns(this.sql)}`;
    return row ? schedule(row) : undefined;
  }

  async delete(id: number): Promise<boolean> {
    return (await this.sql`delete from report_schedules where id = ${id}`).count > 0;
  }

  /** Enabled schedules due at `now`, locked so that another instance's tick skips them. */
  async due(tx: Tx, now: Date, limit: number): Promise<DueSchedule[]> {
    const rows = await tx<Array<DueSchedule & { from: Date; to: Date; period: ReportPeriod | null }>>`
      select ${scheduleColumns(tx)}, p.id as "projectId", p.organization_id as "organizationId",
        p.time_zone as "timeZone", r.from_at as "from", r.to_at as "to", r.period
      from report_schedules s
      join reports r on r.id = s.report_id
      join projects p on p.id = r.project_id
      where s.enabled and s.next_due_at <= ${now.toISOString()}::timestamptz
      order by s.next_due_at, s.id
      limit ${limit}
      for update of s skip locked`;
    return rows.map(({ from, to, period, ...row }) =>
      schedule({ ...row, report: { from: toDate(from), to: toDate(to), period } }),
    );
  }

  /** The schedule as `due` gives it, whether due or not (a "send now"). */
  async withReport(tx: Tx, id: number): Promise<DueSchedule | undefined> {
    const [row] = await tx<Array<DueSchedule & { from: Date; to: Date; period: ReportPeriod | null }>>`
      select ${scheduleColumns(tx)}, p.id as "projectId", p.organization_id as "organizationId",
        p.time_zone as "timeZone", r.from_at as "from", r.to_at as "to", r.period
      from report_schedules s
      join reports r on r.id = s.report_id
      join projects p on p.id = r.project_id
      where s.id = ${id}`;
    if (!row) return undefined;
    const { from, to, period, ...rest } = row;
    return schedule({ ...rest, report: { from: toDate(from), to: toDate(to), period } });
  }

  async setNextDue(tx: Tx, id: number, nextDueAt: Date): Promise<void> {
    await tx`update report_schedules set next_due_at = ${nextDueAt.toISOString()}::timestamptz where id = ${id}`;
  }

  /** Sendings of the organization created since `since`: the bound per organization. */
  async sendingsSince(tx: Tx, organizationId: string, since: Date): Promise<number> {
    const [row] = await tx<[{ count: number }]>`
      select count(*)::int as count from report_sendings
      where organization_id = ${organizationId} and created_at >= ${since.toISOString()}::timestamptz`;
    return row.count;
  }

  /** The period's sending, or undefined when it exists already (the unique index decides, across instances). */
  async insertSending(
    tx: Tx,
    row: { scheduleId: number; reportId: number; organizationId: string; periodKey: string; from: Date; to: Date },
  ): Promise<number | undefined> {
    const [inserted] = await tx<Array<{ id: number }>>`
      insert into report_sendings (schedule_id, report_id, organization_id, period_key, from_at, to_at)
      values (${row.scheduleId}, ${row.reportId}, ${row.organizationId}, ${row.periodKey},
        ${row.from.toISOString()}::timestamptz, ${row.to.toISOString()}::timestamptz)
      on conflict (schedule_id, period_key) do nothing
      returning id`;
    return inserted?.id;
  }

  /** The period's failed sending queued again (its attempts kept, for the job's key); undefined when none failed. */
  async requeueFailed(
    tx: Tx,
    scheduleId: number,
    periodKey: string,
  ): Promise<{ id: number; attempts: number } | undefined> {
    const [row] = await tx<Array<{ id: number; attempts: number }>>`
      update report_sendings set status = 'queued', error = null
      where schedule_id = ${scheduleId} and period_key = ${periodKey} and status = 'failed'
      returning id, attempts`;
    return row;
  }

  async sending(id: number): Promise<SendingRow | undefined> {
    const [row] = await this.sql<
      SendingRow[]
    >`select ${sendingColumns(this.sql)} from report_sendings g where g.id = ${id}`;
    return row ? sending(row) : undefined;
  }

  /** A report's latest sendings, newest first. */
  async sendingsOf(reportId: number, limit: number): Promise<SendingRow[]> {
    const rows = await this.sql<SendingRow[]>`
      select ${sendingColumns(this.sql)} from report_sendings g where g.report_id = ${reportId}
      order by g.created_at desc, g.id desc limit ${limit}`;
    return rows.map(sending);
  }

  async attempt(id: number): Promise<void> {
    await this.sql`update report_sendings set attempts = attempts + 1 where id = ${id}`;
  }

  async delivered(id: number, address: string): Promise<void> {
    await this.sql`
      update report_sendings set delivered = delivered || ${JSON.stringify([address])}::jsonb
      where id = ${id} and not delivered ? ${address}`;
  }

  async finish(
    id: number,
    outcome: { status: ReportSendingStatus; error: string | null; recipientCount?: number; asLink?: boolean },
  ): Promise<void> {
    await this.sql`
      update report_sendings set status = ${outcome.status}, error = ${outcome.error},
        recipient_count = coalesce(${outcome.recipientCount ?? null}::int, recipient_count),
        as_link = coalesce(${outcome.asLink ?? null}::boolean, as_link),
        sent_at = case when ${outcome.status} = 'sent' then now() else sent_at end
      where id = ${id}`;
  }

  async failAttempt(id: number, error: string): Promise<void> {
    await this.sql`update report_sendings set error = ${error} where id = ${id}`;
  }

  /** Active members' verified primary addresses and languages, by user id. */
  async memberAddresses(userIds: string[]): Promise<Array<{ userId: string; email: string }>> {
    if (userIds.length === 0) return [];
    return [
      ...(await this.sql<Array<{ userId: string; email: string }>>`
        select u.id as "userId", e.email from users u
        join user_emails e on e.user_id = u.id and e.is_primary and e.is_verified
        where u.active and u.id = any(${textArray(userIds)}::uuid[])`),
    ];
  }

  /** Each outside address's unsubscribe token (made once), without those already unsubscribed. */
  async subscribedTokens(
    scheduleId: number,
    addresses: string[],
    newToken: () => string,
  ): Promise<Map<string, string>> {
    const tokens = new Map<string, string>();
    if (addresses.length === 0) return tokens;
    await this.sql`
      insert into report_unsubscribes (token, schedule_id, address)
      select * from unnest(${textArray(addresses.map(newToken))}::text[], ${textArray(addresses.map(() => String(scheduleId)))}::int[], ${textArray(addresses)}::text[])
      on conflict (schedule_id, address) do nothing`;
    const rows = await this.sql<Array<{ address: string; token: string }>>`
      select address, token from report_unsubscribes
      where schedule_id = ${scheduleId} and unsubscribed_at is null and address = any(${textArray(addresses)}::text[])`;
    for (const row of rows) tokens.set(row.address, row.token);
    return tokens;
  }

  /** Marks the token's address unsubscribed; false for an unknown token. */
  async unsubscribe(token: string): Promise<boolean> {
    const rows = await this.sql`
      update report_unsubscribes set unsubscribed_at = coalesce(unsubscribed_at, now()) where token = ${token}
      returning token`;
    return rows.length > 0;
  }

  async unsubscribedOf(scheduleId: number): Promise<string[]> {
    const rows = await this.sql<Array<{ address: string }>>`
      select address from report_unsubscribes where schedule_id = ${scheduleId} and unsubscribed_at is not null`;
    return rows.map((row) => row.address);
  }
}
