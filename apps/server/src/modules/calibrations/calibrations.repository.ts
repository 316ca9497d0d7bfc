import { type Sql, type Transaction, type Tx, transaction } from '../../db/sql.ts';

export interface ConversionRow {
  id: number;
  meterId: number;
  channel: string;
  name: string;
  /** Measurement type of the converted value; null keeps the channel's own. */
  target: string | null;
  expression: string;
  createdAt: Date;
}

export interface CalibrationRow {
  id: number;
  meterId: number;
  channel: string;
  expression: string;
  startAt: Date;
  /** Exclusive; null: open-ended. */
  endAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RecentReading {
  time: Date;
  /** The channel's raw (decoded, unconverted) value. */
  value: number;
}

const conversionColumns = (tx: Tx) =>
  tx`id, meter_id as "meterId", channel, name, target, expression, created_at as "createdAt"`;
const calibrationColumns = (tx: Tx) =>
  tx`id, meter_id as "meterId", channel, expression, start_at as "startAt", end_at as "endAt",
     created_at as "createdAt", updated_at as "updatedAt"`;

const toDate = (value: Date | string) => new Date(value);
const conversion = (row: ConversionRow): ConversionRow => ({ ...row, createdAt: toDate(row.createdAt) });
const calibration = (row: CalibrationRow): CalibrationRow => ({
  ...row,
  startAt: toDate(row.startAt),
  endAt: row.endAt === null ? null : toDate(row.endAt),
  createdAt: toDate(row.createdAt),
  updatedAt: toDate(row.updatedAt),
});

/**
 * Conversions and calibrations of meter channels. Written with postgres.js, like the readings
 * they apply to, so that a change and its recomputation share one transaction (`tx`).
 */
export class CalibrationsRepository {
  constructor(private readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  async conversionsOfMeter(meterId: number): Promise<ConversionRow[]> {
    const rows = await this.sql<ConversionRow[]>`
      select ${conversionColumns(this.sql)} from meter_conversions where meter_id = ${meterId} order by channel`;
    return rows.map(conversion);
  }

  async findConversion(id: number): Promise<ConversionRow | undefined> {
    const [row] = await this.sql<ConversionRow[]>`
      select ${conversionColumns(this.sql)} from meter_conversions where id = ${id}`;
    return row && conversion(row);
  }

  async conversionOfChannel(meterId: number, channel: string, tx: Tx = this.sql): Promise<ConversionRow | undefined> {
    const [row] = await tx<ConversionRow[]>`
      select ${conversionColumns(tx)} from meter_conversions where meter_id = ${meterId} and channel = ${channel}`;
    return row && conversion(row);
  }

  /** The channel's one conversion: created, or the existing one replaced in place (same id). */
  async upsertConversion(
    tx: Tx,
    input: Pick<ConversionRow, 'meterId' | 'channel' | 'name' | 'target' | 'expression'>,
  ): Promise<ConversionRow> {
    const [row] = await tx<ConversionRow[]>`
      insert into meter_conversions (meter_id, channel, name, target, expression)
      values (${input.meterId}, ${input.channel}, ${input.name}, ${input.target}, ${input.expression})
      on conflict (meter_id, channel) do update set
        name = excluded.name, target = excluded.target, expression = excluded.expression
      returning ${conversionColumns(tx)}`;
    return conversion(row as ConversionRow);
  }

  async deleteConversion(tx: Tx, id: number): Promise<void> {
    await tx`delete from meter_conversions where id = ${id}`;
  }

  async calibrationsOfMeter(meterId: number): Promise<CalibrationRow[]> {
    const rows = await this.sql<CalibrationRow[]>`
      select ${calibrationColumns(this.sql)} from meter_calibrations where meter_id = ${meterId}
      order by channel, start_at`;
    return rows.map(calibration);
  }

  async findCalibration(id: number): Promise<CalibrationRow | undefined> {
    const [row] = await this.sql<CalibrationRow[]>`
      select ${calibrationColumns(this.sql)} from meter_calibrations where id = ${id}`;
    return row && calibration(row);
  }

  async calibrationsOfChannel(tx: Tx, meterId: number, channel: string): Promise<CalibrationRow[]> {
    const rows = await tx<CalibrationRow[]>`
      select ${calibrationColumns(tx)} from meter_calibrations where meter_id = ${meterId} and channel = ${channel}
      order by start_at`;
    return rows.map(calibration);
  }

  async insertCalibration(
    tx: Tx,
    input: Pick<CalibrationRow, 'meterId' | 'channel' | 'expression' | 'startAt' | 'endAt'>,
  ): Promise<CalibrationRow> {
    const [row] = await tx<CalibrationRow[]>`
      insert into meter_calibrations (meter_id, channel, expression, start_at, end_at)
      values (${input.meterId}, ${input.channel}, ${input.expression}, ${input.startAt.toISOString()},
              ${input.endAt ? input.endAt.toISOString() : null})
      returning ${calibrationColumns(tx)}`;
    return calibration(row as CalibrationRow);
  }

  async updateCalibration(
    tx: Tx,
    id: number,
    input: Pick<CalibrationRow, 'expression' | 'startAt' | 'endAt'>,
  ): Promise<CalibrationRow> {
    const [row] = await tx<CalibrationRow[]>`
      update meter_calibrations set expression = ${input.expression}, start_at = ${input.startAt.toISOString()},
        end_at = ${input.endAt ? input.endAt.toISOString() : null}, updated_at = now()
      where id = ${id}
      returning ${calibrationColumns(tx)}`;
    return calibration(row as CalibrationRow);
  }

  async endCalibration(tx: Tx, id: number, endAt: Date): Promise<void> {
    await tx`update meter_calibrations set end_at = ${endAt.toISOString()}, updated_at = now() where id = ${id}`;
  }

  async deleteCalibration(tx: Tx, id: number): Promise<void> {
    await tx`delete from meter_calibrations where id = ${id}`;
  }

  /** The meter's newest decoded readings that carry the channel, newest first. */
  async recentReadings(meterId: number, channel: string, limit: number): Promise<RecentReading[]> {
    const rows = await this.sql<Array<{ time: Date | string; value: number | string | null }>>`
      select time, (channels -> ${channel} ->> 'value')::float8 as value
      from meter_readings
      where meter_id = ${meterId} and channels ? ${channel}
      order by time desc
      limit ${limit}`;
    return rows
      .filter((row) => row.value !== null)
      .map((row) => ({ time: toDate(row.time), value: Number(row.value) }));
  }
}
