import { batteryState, commandsOf, type DriverCommand, findDriver, lowVoltageThreshold } from '@olo/drivers';
import {
  accountErrors,
  meterErrors,
  meterLimits,
  type meterSerialsInput,
  type sendMeterCommandInput,
  type sendMeterCommandsInput,
  tenancyErrors,
  type updateMeterInput,
} from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { historyReadings, storedChannels } from '../ingest/history-readings.ts';
import type { ReadingToStore } from '../ingest/readings.repository.ts';
import type { RecomputeDatasource } from '../series/series.service.ts';
import type {
  BatteryDayRow,
  MeterCommandRow,
  MeterLatestRow,
  MeterReadingRow,
  MeterRow,
  MetersRepository,
  SystemErrorRow,
} from './meters.repository.ts';

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
/** Readings decoded per statement when a driver is set on a meter with raw readings. */
const decodeBatch = 500;
/** Longest range of readings one query returns. */
const maxReadings = 10_000;
const dayMs = 24 * 60 * 60 * 1000;

export interface MeterListFilterInput {
  ids?: number[] | null;
  organizationId?: string | null;
  free?: boolean | null;
  search?: string | null;
  inStorage?: boolean | null;
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

/** Where a downlink for this meter goes on its network server's MQTT, and its JSON body. */
export function downlinkMessage(
  meter: Pick<MeterRow, 'provider' | 'providerInfo' | 'serial'>,
  fPort: number,
  payload: Buffer,
) {
  const route = (meter.providerInfo ?? {}) as Record<string, string | undefined>;
  if (meter.provider === 'tts' && route.deviceId) {
    const application = route.topicApplication ?? route.applicationId;
    return {
      topic: `v3/${application}/devices/${route.deviceId}/down/push`,
      body: { downlinks: [{ f_port: fPort, frm_payload: payload.toString('base64'), priority: 'NORMAL' }] },
    };
  }
  if (meter.provider === 'chirpstack' && route.applicationId) {
    return {
      topic: `application/${route.applicationId}/device/${meter.serial}/command/down`,
      body: { devEui: meter.serial, confirmed: false, fPort, data: payload.toString('base64') },
    };
  }
  return undefined;
}

/** What a bulk command did to one meter: `unavailable` when its driver has no such command. */
export type MeterCommandOutcome =
  | { meterId: number; status: 'sent' | 'failed'; command: MeterCommandRow }
  | { meterId: number; status: 'unavailable'; command: null };

/** A downlink and how it is recorded in meter_commands. */
interface PreparedCommand {
  type: string;
  name: string;
  description: string | null;
  interval: number | null;
  fPort: number;
  bytes: Uint8Array;
  commandId: string | null;
}

const badCommandInput = (path: string, message: string) =>
  new AppError('BAD_USER_INPUT', 'Invalid input', [{ path, message }]);

/** The driver command's downlink; refuses seconds outside the command's range before encoding. */
function prepareDriverCommand(command: DriverCommand, interval: number | null | undefined): PreparedCommand {
  const seconds = command.type === 'interval' ? interval : undefined;
  if (command.interval) {
    if (seconds == null || seconds < command.interval.min || seconds > command.interval.max) {
      throw badCommandInput('interval', meterErrors.commandIntervalOutOfRange);
    }
  }
  const { fPort, bytes } = command.encode(seconds ?? undefined);
  return {
    type: command.type,
    name: command.name,
    description: command.description,
    interval: seconds ?? null,
    fPort,
    bytes,
    commandId: command.id,
  };
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
      /**
       * Publishes a downlink on the broker the meter's network server listens to, for the meter's
       * organization's network servers only (null: a free meter, for the application's owners).
       */
      publishDownlink: (topic: string, body: string, organizationId: string | null) => Promise<void>;
      /** Forgets a cached meter in the ingest after a change. */
      meterChanged: (serial: string) => void;
      recompute?: RecomputeDatasource;
      /** Stores the history records found in kept readings (the ingest's repository, with its duplicate rule). */
      storeHistory?: (readings: ReadingToStore[]) => Promise<void>;
      /** Deletes readings and rewrites the series values they had made (recalculation module). */
      deleteReadings?: (request: { meterId: number; from: Date; to: Date }) => Promise<{ readingsDeleted: number }>;
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
    return this.repository.list({
      organizationIds,
      ids: filter.ids ?? undefined,
      free: filter.free ?? undefined,
      search: filter.search ?? undefined,
      inStorage: filter.inStorage ?? undefined,
    });
  }

  /** Health counts over the meters the viewer sees (of one organization when given). */
  async errorSummary(access: ViewerAccess, organizationId: string | null): Promise<MetersErrorSummary> {
    return this.summarize(await this.list(access, { organizationId }));
  }

  async summarize(meters: MeterRow[]): Promise<MetersErrorSummary> {
    const watched = meters.filter((meter) => meter.active && !meter.inStorage);
    const latest = new Map((await this.repository.latest(watched.map((m) => m.id))).map((row) => [row.meterId, row]));
    const errors = await this.repository.openErrorCounts(watched.map((m) => m.id));
    const summary: MetersErrorSummary = {
      batteryLow: 0,
      batteryMedium: 0,
      lowVoltage: 0,
      missing: 0,
      missingCount: 0,
      systemErrors: 0,
      systemErrorsMeter: 0,
    };
    for (const meter of watched) {
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
    return summary;
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

  async readings(access: ViewerAccess, meterId: number, from: Date, to: Date): Promise<MeterReadingRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.repository.readings(meterId, from, to, maxReadings);
  }

  async stats(access: ViewerAccess, meterId: number, from: Date, to: Date) {
    await access.assertMeter('meter.view', meterId);
    return this.repository.stats(meterId, from, to);
  }

  /** Per UTC day, the lowest, highest and last battery value the meter reported in the range. */
  async batteryHistory(access: ViewerAccess, meterId: number, from: Date, to: Date): Promise<BatteryDayRow[]> {
    await access.assertMeter('meter.view', meterId);
    if (to < from)
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'to', message: tenancyErrors.endBeforeStart }]);
    if (to.getTime() - from.getTime() > meterLimits.batteryHistoryMaxDays * dayMs)
      throw new AppError('BAD_USER_INPUT', meterErrors.batteryHistoryTooLong, [
        { path: 'from', message: meterErrors.batteryHistoryTooLong },
      ]);
    return this.repository.batteryDays(meterId, from, to);
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
          if (history.refusal) await this.repository.recordSystemError({ ...history.refusal, meterId: meter.id });
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
    // One recomputation for every channel of the meter, in one transaction.
    await this.deps.recompute?.({ meterId: meter.id, from: await this.repository.earliestReading(meter.id), to: null });
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
    if (this.deps.deleteReadings) return (await this.deps.deleteReadings({ meterId: id, from, to })).readingsDeleted;
    return this.repository.deleteReadings(id, from, to);
  }

  /**
   * Sends one meter a command of its driver by id, or (administrators' escape hatch) raw port and
   * hex bytes, recorded in its command history.
   */
  async command(access: ViewerAccess, input: z.output<typeof sendMeterCommandInput>): Promise<MeterCommandRow> {
    const user = access.requireUser();
    await access.assertMeter('meter.admin', input.meterId);
    const meter = await this.repository.findById(input.meterId);
    if (!meter) throw new AppError('NOT_FOUND', accountErrors.notFound);
    let prepared: PreparedCommand;
    if (input.commandId) {
      const command = commandsOf(meter.driver).find((candidate) => candidate.id === input.commandId);
      if (!command) throw badCommandInput('commandId', meterErrors.unknownCommand);
      prepared = prepareDriverCommand(command, input.interval);
    } else {
      prepared = {
        type: 'downlink',
        name: input.name ?? '',
        description: null,
        interval: null,
        fPort: input.fPort as number,
        bytes: Buffer.from(input.payloadHex ?? '', 'hex'),
        commandId: null,
      };
    }
    return this.send(meter, prepared, user.id);
  }

  /**
   * Sends the same command to every listed meter whose driver has it. The viewer must administer
   * every one of them, and the interval must suit every meter that has the command, or nothing is
   * sent: a half-applied bulk action is harder to reason about than a refused one.
   */
  async commandMany(
    access: ViewerAccess,
    input: z.output<typeof sendMeterCommandsInput>,
  ): Promise<MeterCommandOutcome[]> {
    const user = access.requireUser();
    for (const meterId of input.meterIds) await access.assertMeter('meter.admin', meterId);
    const meters = await this.repository.list({ ids: input.meterIds, organizationIds: null });
    if (meters.length !== input.meterIds.length) throw new AppError('NOT_FOUND', accountErrors.notFound);
    const planned = meters.map((meter) => {
      const command = commandsOf(meter.driver).find((candidate) => candidate.id === input.commandId);
      return { meter, prepared: command ? prepareDriverCommand(command, input.interval) : null };
    });
    if (planned.every(({ prepared }) => prepared === null)) {
      throw badCommandInput('commandId', meterErrors.unknownCommand);
    }
    const outcomes: MeterCommandOutcome[] = [];
    for (const { meter, prepared } of planned) {
      if (!prepared) {
        outcomes.push({ meterId: meter.id, status: 'unavailable', command: null });
        continue;
      }
      const command = await this.send(meter, prepared, user.id);
      outcomes.push({ meterId: meter.id, status: command.status === 'sent' ? 'sent' : 'failed', command });
    }
    return outcomes;
  }

  /** Records the command, publishes it on the meter's network server topic, and records how that went. */
  private async send(meter: MeterRow, prepared: PreparedCommand, userId: string): Promise<MeterCommandRow> {
    const payload = Buffer.from(prepared.bytes);
    const command = await this.repository.insertCommand({
      meterId: meter.id,
      type: prepared.type,
      name: prepared.name,
      description: prepared.description,
      interval: prepared.interval,
      extra: {
        ...(prepared.commandId ? { commandId: prepared.commandId } : {}),
        fPort: prepared.fPort,
        payloadHex: payload.toString('hex'),
      },
      createdBy: userId,
    });
    const message = downlinkMessage(meter, prepared.fPort, payload);
    if (!message) {
      return this.repository.updateCommand(command.id, {
        status: 'failed',
        error: 'The meter has no downlink route yet',
      });
    }
    try {
      await this.deps.publishDownlink(message.topic, JSON.stringify(message.body), meter.organizationId);
      return await this.repository.updateCommand(command.id, { status: 'sent', sentAt: new Date() });
    } catch (error) {
      return this.repository.updateCommand(command.id, { status: 'failed', error: (error as Error).message });
    }
  }

  async commands(access: ViewerAccess, meterId: number): Promise<MeterCommandRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.repository.listCommands(meterId);
  }

  async systemErrorsOfMeter(access: ViewerAccess, meterId: number): Promise<SystemErrorRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.repository.openSystemErrors(meterId);
  }

  /** Unacknowledged errors that belong to no meter (site admins). */
  async systemErrors(access: ViewerAccess): Promise<SystemErrorRow[]> {
    access.assertSiteAdmin();
    return this.repository.openSystemErrors(null);
  }

  async acknowledgeSystemError(access: ViewerAccess, id: number): Promise<SystemErrorRow> {
    access.requireUser();
    const error = await this.repository.findSystemError(id);
    if (!error) throw new AppError('NOT_FOUND', accountErrors.notFound);
    if (error.meterId === null) access.assertSiteAdmin();
    else await access.assertMeter('meter.admin', error.meterId);
    const acknowledged = await this.repository.acknowledgeSystemError(id);
    if (error.meterId !== null) await this.deps.events.publish('meter.updated', { meterId: error.meterId });
    return acknowledged;
  }
}
