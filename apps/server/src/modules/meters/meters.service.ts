import { batteryState, findDriver, lowVoltageThreshold } from '@olo/drivers';
import { meterBounds, meterErrors, type meterSerialsInput, tenancyErrors, type updateMeterInput } from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { historyReadings, storedChannels } from '../ingest/history-readings.ts';
import type { ReadingToStore } from '../ingest/readings.repository.ts';
import type { RecomputeDatasource } from '../series/recompute-datasource.ts';
import type { SystemErrorsRepository } from '../system-errors/system-errors.repository.ts';
import type {
  BatteryDayRow,
  MeterLatestRow,
  MeterListFilter,
  MeterReadingRow,
  MeterRow,
  MetersRepository,
} from './meters.repository.ts';

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
/** Readings decoded per statement when a driver is set on a meter with raw readings. */
const decodeBatch = 500;
/** Longest range of readings one query returns. */
const maxReadings = 10_000;
const dayMs = 24 * 60 * 60 * 1000;

export interface MeterListFilterInput extends Omit<MeterListFilter, 'organizationIds'> {
  organizationId?: string | null;
}

/** A meta key of meters and the values it has among them. */
export interface MeterMetaEntry {
  key: string;
  values: string[];
}

/** A meter is missing when it has not been seen for three of its reporting intervals. */
export function isMissing(meter: Pick<MeterRow, 'lastSeenAt' | 'intervalSeconds'>, now = new Date()): boolean {
  if (!meter.lastSeenAt || !meter.intervalSeconds) return false;
  return now.getTime() - meter.lastSeenAt.getTime() > 3 * meter.intervalSeconds * 1000;
}

/** The meters error summary of spec section 3, over a set of meters. */
export interface MetersErrorSummary {
  batteryLow: number;
  batteryMedium: number;
  lowVoltage: number;
  /** Meters not seen for three of their intervals. */
  missing: number;
  /** Frames lost in all, from gaps in the frame counters. */
  missingCount: number;
  /** Unacknowledged system errors of these meters. */
  systemErrors: number;
  /** Meters with at least one of them. */
  systemErrorsMeter: number;
}

export class MetersService {
  constructor(
    private readonly deps: {
      repository: MetersRepository;
      events: EventBus;
      /** Records what decoding kept readings refused, and counts a meter's open errors. */
      systemErrors: Pick<SystemErrorsRepository, 'record' | 'openCounts'>;
      /** Forgets a cached meter in the ingest after a change. */
      meterChanged: (serial: string) => void;
      recompute?: RecomputeDatasource;
      /** Stores the history records found in kept readings (the ingest's repository, with its duplicate rule). */
      storeHistory?: (readings: ReadingToStore[]) => Promise<void>;
      /**
       * Deletes readings and rewrites the series values they had made, in the background
       * (recalculation module); resolves with how many readings are being deleted.
       */
      deleteReadings?: (
        request: { meterId: number; from: Date; to: Date },
        userId: string | null,
      ) => Promise<{ readingsDeleted: number }>;
    },
  ) {}

  private get repository() {
    return this.deps.repository;
  }

  async list(access: ViewerAccess, filter: MeterListFilterInput): Promise<MeterRow[]> {
    access.requireUser();
    const visible = await access.visibleMeterOrganizationIds();
    if (filter.free && visible !== null) throw denied();
    let organizationIds = visible;
    if (filter.organizationId) {
      if (visible !== null && !visible.includes(filter.organizationId)) throw denied();
      organizationIds = [filter.organizationId];
    }
    const { ids, free, search, inStorage, unplaced } = filter;
    return this.repository.list({ organizationIds, ids, free, search, inStorage, unplaced });
  }

  /** Health counts over the meters the viewer sees (of one organization when given). */
  async errorSummary(access: ViewerAccess, organizationId: string | null): Promise<MetersErrorSummary> {
    return this.summarize(await this.list(access, { organizationId }));
  }

  async summarize(meters: MeterRow[]): Promise<MetersErrorSummary> {
    return (await this.summarizeGroups(meters, () => '')).get('') ?? emptySummary();
  }

  /** Health counts per organization (null: free meters), reading the meters' latest readings and errors once for all. */
  summarizeByOrganization(meters: MeterRow[]): Promise<Map<string | null, MetersErrorSummary>> {
    return this.summarizeGroups(meters, (meter) => meter.organizationId);
  }

  private async summarizeGroups<K>(
    meters: MeterRow[],
    groupOf: (meter: MeterRow) => K,
  ): Promise<Map<K, MetersErrorSummary>> {
    const watched = meters.filter((meter) => meter.active && !meter.inStorage);
    const latest = new Map((await this.repository.latest(watched.map((m) => m.id))).map((row) => [row.meterId, row]));
    const errors = await this.deps.systemErrors.openCounts(watched.map((m) => m.id));
    const groups = new Map<K, MetersErrorSummary>();
    for (const meter of watched) {
      const key = groupOf(meter);
      let summary = groups.get(key);
      if (!summary) {
        summary = emptySummary();
        groups.set(key, summary);
      }
      const reading = latest.get(meter.id);
      const battery = batteryState(meter.driver, reading?.battery);
      if (battery === 'low') summary.batteryLow += 1;
      if (battery === 'medium') summary.batteryMedium += 1;
      if (reading?.vdd !== null && reading?.vdd !== undefined && reading.vdd < lowVoltageThreshold)
        summary.lowVoltage += 1;
      if (isMissing(meter)) summary.missing += 1;
      summary.missingCount += reading?.missed ?? 0;
      const open = errors.get(meter.id) ?? 0;
      summary.systemErrors += open;
      if (open > 0) summary.systemErrorsMeter += 1;
    }
    return groups;
  }

  /** Locations given to the meters the viewer sees, for pickers. */
  async locations(access: ViewerAccess): Promise<string[]> {
    const meters = await this.list(access, {});
    return [
      ...new Set(meters.map((meter) => meter.location).filter((location): location is string => Boolean(location))),
    ].sort((a, b) => a.localeCompare(b, 'fi'));
  }

  /** Meta keys and their values over the meters the viewer sees, for autocomplete; blanks are left out. */
  async meta(access: ViewerAccess): Promise<MeterMetaEntry[]> {
    access.requireUser();
    const rows = await this.repository.metaValues(await access.visibleMeterOrganizationIds());
    const byName = (a: string, b: string) => a.localeCompare(b, 'fi');
    return rows
      .filter((row) => row.key.trim() !== '')
      .map((row) => ({ key: row.key, values: row.values.filter((value) => value.trim() !== '').sort(byName) }))
      .sort((a, b) => byName(a.key, b.key));
  }

  /** The meters among `ids` that the viewer sees, in the order of `ids`; null for one they do not (or none). */
  async visibleByIds(access: ViewerAccess, ids: number[]): Promise<Array<MeterRow | null>> {
    const rows = await this.repository.list({ organizationIds: await access.visibleMeterOrganizationIds(), ids });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async byId(access: ViewerAccess, id: number): Promise<MeterRow> {
    await access.assertMeter('meter.view', id);
    return (await this.repository.findById(id)) ?? Promise.reject(denied());
  }

  async latest(meterId: number): Promise<MeterLatestRow | null> {
    return (await this.repository.latest([meterId]))[0] ?? null;
  }

  /** Channels of the latest decoded reading: what a meter can feed. */
  async channels(meterId: number): Promise<Record<string, { type: string; unit: string; value: number }>> {
    const latest = await this.latest(meterId);
    return (latest?.data ?? {}) as Record<string, { type: string; unit: string; value: number }>;
  }

  /**
   * When the meter's latest reading was taken, if the meter belonged to its organization by then
   * (a project of the organization may show it); null otherwise, or without readings.
   */
  async latestOwnReadingTime(meterId: number): Promise<Date | null> {
    const [meter, latest] = await Promise.all([this.repository.findById(meterId), this.latest(meterId)]);
    const since = meter?.organizationSince;
    if (!latest || !since || latest.time.getTime() < since.getTime()) return null;
    return latest.time;
  }

  async readings(access: ViewerAccess, meterId: number, from: Date, to: Date): Promise<MeterReadingRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.repository.readings(meterId, from, to, maxReadings);
  }

  async stats(access: ViewerAccess, meterId: number, from: Date, to: Date) {
    await access.assertMeter('meter.view', meterId);
    return this.repository.stats(meterId, from, to);
  }

  /** Per day of `timeZone`, the lowest, highest and last battery value the meter reported in the range. */
  async batteryHistory(
    access: ViewerAccess,
    meterId: number,
    from: Date,
    to: Date,
    timeZone = 'UTC',
  ): Promise<BatteryDayRow[]> {
    await access.assertMeter('meter.view', meterId);
    if (to < from)
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'to', message: tenancyErrors.endBeforeStart }]);
    if (to.getTime() - from.getTime() > meterBounds.batteryHistoryMaxDays * dayMs)
      throw new AppError('BAD_USER_INPUT', meterErrors.batteryHistoryTooLong, [
        { path: 'from', message: meterErrors.batteryHistoryTooLong },
      ]);
    return this.repository.batteryDays(meterId, from, to, timeZone);
  }

  /**
   * Changes name, description, location, active, or the driver. A new driver decodes the readings
   * that were kept raw, and their channels then flow into the series as if they had just arrived.
   */
  async update(access: ViewerAccess, input: z.output<typeof updateMeterInput>): Promise<MeterRow> {
    await access.assertMeter('meter.admin', input.id);
    const { id, driver, ...changes } = input;
    if (driver && !findDriver(driver)) {
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'driver', message: 'Unknown driver' }]);
    }
    const before = (await this.repository.findById(id)) as MeterRow;
    const updated = await this.repository.update(id, { ...changes, ...(driver !== undefined ? { driver } : {}) });
    this.deps.meterChanged(updated.serial);
    if (driver && driver !== before.driver) await this.decodeKeptReadings(updated);
    await this.deps.events.publish('meter.updated', { meterId: id });
    return updated;
  }

  /**
   * Decodes the readings kept raw with the meter's driver, and recomputes the series they feed.
   * Called when a meter gets a driver: by an admin, or from an uplink's device identity.
   */
  async decodeKeptReadings(meter: MeterRow): Promise<void> {
    const driver = meter.driver ? findDriver(meter.driver) : undefined;
    if (!driver) return;
    const channels = new Set<string>();
    for (;;) {
      const batch = await this.repository.undecoded(meter.id, decodeBatch);
      if (batch.length === 0) break;
      const earlier: ReadingToStore[] = [];
      for (const reading of batch) {
        const result =
          reading.payloadHex !== null && reading.fPort !== null
            ? driver.decode(Buffer.from(reading.payloadHex, 'hex'), reading.fPort)
            : { ok: false as const, error: 'The reading has no payload' };
        if (result.ok) {
          const decoded = storedChannels(result.channels);
          for (const name of Object.keys(decoded)) channels.add(name);
          await this.repository.setDecoded(reading.id, decoded, null);
          const history = historyReadings(meter.id, new Date(reading.time), result.history ?? []);
          if (history.refusal) await this.deps.systemErrors.record({ ...history.refusal, meterId: meter.id });
          for (const record of history.readings) {
            for (const name of Object.keys(record.channels ?? {})) channels.add(name);
            earlier.push(record);
          }
        } else {
          await this.repository.setDecoded(reading.id, null, result.error);
        }
      }
      if (earlier.length > 0) await this.deps.storeHistory?.(earlier);
    }
    if (channels.size === 0) return;
    await this.repository.fillLatestChannels(meter.id);
    // One background recomputation for every channel of the meter. The decoded readings are
    // committed batch by batch before it is enqueued: should the process die in between, a new
    // driver set on the meter decodes nothing more, and an admin recomputes by changing a datasource.
    const from = await this.repository.earliestReading(meter.id);
    await this.deps.recompute?.enqueue(null, [{ meterId: meter.id, from, to: null }], {
      userId: null,
      reason: 'decode',
    });
    this.deps.recompute?.queued();
  }

  async setInStorage(access: ViewerAccess, id: number, inStorage: boolean): Promise<MeterRow> {
    await access.assertMeter('meter.admin', id);
    const updated = await this.repository.update(id, { inStorage });
    await this.deps.events.publish('meter.updated', { meterId: id });
    return updated;
  }

  async resetBattery(access: ViewerAccess, id: number): Promise<MeterRow> {
    await access.assertMeter('meter.admin', id);
    const updated = await this.repository.update(id, { batteryResetAt: new Date() });
    await this.deps.events.publish('meter.updated', { meterId: id });
    return updated;
  }

  /**
   * Flips a meter's active flag (spec: "toggle"), or sets it when `active` is given, so that a
   * script may repeat the call safely. An inactive meter is left out of health checks.
   */
  async toggleActive(access: ViewerAccess, id: number, active?: boolean | null): Promise<MeterRow> {
    await access.assertMeter('meter.admin', id);
    const meter = (await this.repository.findById(id)) as MeterRow;
    const updated = await this.repository.update(id, { active: active ?? !meter.active });
    await this.deps.events.publish('meter.updated', { meterId: id });
    return updated;
  }

  /** Gives a meter back: it becomes free, and stops feeding its projects. */
  async release(access: ViewerAccess, id: number): Promise<MeterRow> {
    await access.assertMeter('meter.admin', id);
    const now = new Date();
    await this.repository.endDatasources(id, now);
    const updated = await this.repository.update(id, { organizationId: null, organizationSince: null });
    this.deps.meterChanged(updated.serial);
    await this.deps.events.publish('meter.updated', { meterId: id });
    return updated;
  }

  /** Free meters among these serials (site admins). */
  async findFree(access: ViewerAccess, input: z.output<typeof meterSerialsInput>): Promise<MeterRow[]> {
    access.assertSiteAdmin();
    return (await this.repository.findBySerials(input.serials)).filter((meter) => meter.organizationId === null);
  }

  /** Moves free meters to an organization (site admins). */
  async moveFree(
    access: ViewerAccess,
    input: z.output<typeof meterSerialsInput>,
    organizationId: string,
  ): Promise<MeterRow[]> {
    access.assertSiteAdmin();
    const moved = await this.repository.moveFree(input.serials, organizationId, new Date());
    for (const meter of moved) this.deps.meterChanged(meter.serial);
    return moved;
  }

  /** Deletes stored readings in a range; the series they fed are recomputed without them. */
  async deleteData(access: ViewerAccess, id: number, from: Date, to: Date): Promise<number> {
    await access.assertMeter('meter.admin', id);
    if (to < from)
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'to', message: tenancyErrors.endBeforeStart }]);
    if (this.deps.deleteReadings) {
      return (await this.deps.deleteReadings({ meterId: id, from, to }, access.user?.id ?? null)).readingsDeleted;
    }
    return this.repository.deleteReadings(id, from, to);
  }
}

function emptySummary(): MetersErrorSummary {
  return {
    batteryLow: 0,
    batteryMedium: 0,
    lowVoltage: 0,
    missing: 0,
    missingCount: 0,
    systemErrors: 0,
    systemErrorsMeter: 0,
  };
}
