import { type BatteryRule, type BatteryState, batteryRule, batteryState, lowVoltageThreshold } from '@olo/drivers';
import { mainChannel, timeZoneSchema, updateMeterInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { viewerScope } from '../../graphql/loaders.ts';
import { parseInput } from '../../shared/errors.ts';
import { MeterCalibrationRef, MeterConversionRef } from '../calibrations/calibrations.graphql.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { SeriesDatasourceRef } from '../series/series.graphql.ts';
import type { BatteryDayRow, MeterLatestRow, MeterReadingRow, MeterRow } from './meters.repository.ts';
import { isMissing } from './meters.service.ts';

const MeterLatestRef = builder.objectRef<MeterLatestRow>('MeterLatest').implement({
  description: "The latest reading's radio and health fields.",
  fields: (t) => ({
    time: t.expose('time', { type: 'DateTime' }),
    data: t.expose('data', {
      type: 'JSON',
      nullable: true,
      description:
        "Channels of the latest decoded reading, name → {value, type, unit}, as decoded: before the meter's conversions and calibrations, the same as Meter.original. Null until a reading is decoded.",
    }),
    battery: t.exposeFloat('battery', { nullable: true, description: 'Volts or percent, as the meter reports it.' }),
    vdd: t.exposeFloat('vdd', { nullable: true, description: 'Volts.' }),
    rssi: t.exposeFloat('rssi', { nullable: true, description: 'dBm, at the best gateway.' }),
    snr: t.exposeFloat('snr', { nullable: true, description: 'dB.' }),
    spfact: t.exposeInt('spfact', { nullable: true, description: 'LoRa spreading factor.' }),
    txpower: t.exposeFloat('txpower', {
      nullable: true,
      description: "dBm, the meter's transmit power; null while no network server reports it.",
    }),
    towers: t.exposeInt('towers', { nullable: true, description: 'Gateways that heard it.' }),
    esp: t.exposeFloat('esp', {
      nullable: true,
      description: 'Estimated signal power, dBm: RSSI + SNR − 10·log10(1 + 10^(SNR/10)).',
    }),
    lat: t.exposeFloat('lat', { nullable: true }),
    lon: t.exposeFloat('lon', { nullable: true }),
    missed: t.exposeInt('missed', { description: 'Frames lost, from gaps in the frame counter.' }),
    extra: t.expose('extra', { type: 'JSON', nullable: true }),
  }),
});

const MeterReadingRef = builder.objectRef<MeterReadingRow>('MeterReading').implement({
  fields: (t) => ({
    time: t.expose('time', { type: 'DateTime' }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime' }),
    // Float: a frame counter is unsigned 32 bits, beyond GraphQL's Int.
    fCnt: t.exposeFloat('fCnt', { nullable: true, description: 'Frame counter (0 to 2^32 - 1).' }),
    fPort: t.exposeInt('fPort', { nullable: true }),
    payload: t.exposeString('payloadHex', { nullable: true, description: 'Hex.' }),
    channels: t.expose('channels', { type: 'JSON', nullable: true }),
    decodeError: t.exposeString('decodeError', { nullable: true }),
    rssi: t.exposeFloat('rssi', { nullable: true }),
    snr: t.exposeFloat('snr', { nullable: true }),
    battery: t.exposeFloat('battery', { nullable: true }),
  }),
});

const MeterStatsRef = builder
  .objectRef<{ count: number; first: Date | null; last: Date | null; decodeErrors: number }>('MeterStats')
  .implement({
    fields: (t) => ({
      count: t.exposeInt('count'),
      first: t.expose('first', { type: 'DateTime', nullable: true }),
      last: t.expose('last', { type: 'DateTime', nullable: true }),
      decodeErrors: t.exposeInt('decodeErrors'),
    }),
  });

const BatteryDayRef = builder.objectRef<BatteryDayRow>('BatteryDay').implement({
  description: "A day of the meter's battery values, in the driver's unit (Meter.batteryRule.unit).",
  fields: (t) => ({
    day: t.expose('day', { type: 'DateTime', description: 'Start of the day, 00:00 in the asked time zone.' }),
    min: t.exposeFloat('min'),
    max: t.exposeFloat('max'),
    last: t.exposeFloat('last', { description: "Of the day's latest reading with a battery value." }),
    readings: t.exposeInt('readings', { description: 'Readings of the day with a battery value.' }),
  }),
});

const BatteryRuleRef = builder.objectRef<BatteryRule>('BatteryRule').implement({
  description: "How the driver's battery value reads (docs/decisions/0016-meter-health.md).",
  fields: (t) => ({
    unit: t.exposeString('unit', { description: "'V' or '%'." }),
    medium: t.exposeFloat('medium', { description: 'Below this: battery medium.' }),
    low: t.exposeFloat('low', { description: 'Below this: battery low.' }),
  }),
});

const BatteryStateEnum = builder.enumType('BatteryState', { values: ['ok', 'medium', 'low'] as const });

interface MeterErrors {
  missing: boolean;
  systemErrors: number;
  battery: BatteryState | null;
  lowVoltage: boolean;
}

const MeterErrorsRef = builder.objectRef<MeterErrors>('MeterErrors').implement({
  fields: (t) => ({
    missing: t.exposeBoolean('missing', { description: 'Not seen for three of its reporting intervals.' }),
    systemErrors: t.exposeInt('systemErrors', { description: 'Unacknowledged.' }),
    battery: t.field({
      type: BatteryStateEnum,
      nullable: true,
      description: "By the driver's thresholds (docs/decisions/0016-meter-health.md); null when unknown.",
      resolve: (errors) => errors.battery,
    }),
    lowVoltage: t.exposeBoolean('lowVoltage', { description: 'Supply voltage below 2.5 V.' }),
  }),
});

/** The meter's latest reading, read once for all the fields of one answer about this row. */
const latestByRow = new WeakMap<MeterRow, Promise<MeterLatestRow | null>>();
function latestOf(meter: MeterRow, context: GraphQLContext): Promise<MeterLatestRow | null> {
  let latest = latestByRow.get(meter);
  if (!latest) {
    latest = context.services.meters.latest(meter.id);
    latestByRow.set(meter, latest);
  }
  return latest;
}

/** The main measurement of the meter's latest decoded reading (docs/decisions/0021-meter-main-measurement.md). */
const mainOf = async (meter: MeterRow, context: GraphQLContext) => mainChannel((await latestOf(meter, context))?.data);

export const MeterRef = builder.objectRef<MeterRow>('Meter');
MeterRef.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    serial: t.exposeString('serial', { description: 'DevEUI, lower-case hex.' }),
    name: t.exposeString('name', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    driver: t.exposeString('driver', { nullable: true }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    organization: t.field({
      type: OrganizationRef,
      nullable: true,
      resolve: async (meter, _args, context) =>
        meter.organizationId && (await context.access.can('organization.view', meter.organizationId))
          ? context.services.organizations.byId(context.access, meter.organizationId)
          : null,
    }),
    organizationSince: t.expose('organizationSince', { type: 'DateTime', nullable: true }),
    provider: t.exposeString('provider', { nullable: true }),
    active: t.exposeBoolean('active'),
    inStorage: t.exposeBoolean('inStorage'),
    lastSeen: t.expose('lastSeenAt', { type: 'DateTime', nullable: true }),
    intervalSeconds: t.exposeInt('intervalSeconds', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    meta: t.expose('meta', { type: 'JSON' }),
    dataType: t.string({
      nullable: true,
      description:
        "Measurement type of the meter's main measurement: the channel of its latest decoded reading that sorts first (priority types Temperature, Humidity, CO2, Paine-ero). Null without a decoded reading.",
      resolve: async (meter, _args, context) => (await mainOf(meter, context))?.type ?? null,
    }),
    dataUnit: t.string({
      nullable: true,
      description: 'Unit of the main measurement, as decoded (before conversions).',
      resolve: async (meter, _args, context) => (await mainOf(meter, context))?.unit ?? null,
    }),
    dataName: t.string({
      nullable: true,
      description: 'Channel name of the main measurement (a series fed by it has this dataName).',
      resolve: async (meter, _args, context) => (await mainOf(meter, context))?.name ?? null,
    }),
    original: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "Channels of the latest decoded reading exactly as decoded, name → {value, type, unit}, before the meter's conversions and calibrations; equal to latest.data. Null without a decoded reading.",
      resolve: async (meter, _args, context) => (await latestOf(meter, context))?.data ?? null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    currentUserIsAdmin: t.boolean({
      resolve: (meter, _args, context) => context.access.canMeter('meter.admin', meter.id),
    }),
    latest: t.field({
      type: MeterLatestRef,
      nullable: true,
      resolve: (meter, _args, context) => latestOf(meter, context),
    }),
    batteryVoltage: t.float({
      nullable: true,
      description: 'Volts: the battery value of drivers that report volts, else the supply voltage.',
      resolve: async (meter, _args, context) => {
        const latest = await latestOf(meter, context);
        return batteryRule(meter.driver)?.unit === 'V' ? (latest?.battery ?? null) : (latest?.vdd ?? null);
      },
    }),
    batteryResetAt: t.expose('batteryResetAt', { type: 'DateTime', nullable: true }),
    batteryUnit: t.string({
      nullable: true,
      description: "Unit of latest.battery: 'V' or '%', by the driver; null when unknown.",
      resolve: (meter) => batteryRule(meter.driver)?.unit ?? null,
    }),
    batteryRule: t.field({
      type: BatteryRuleRef,
      nullable: true,
      description: "The battery's unit and thresholds by the driver; null when the driver's battery is unknown.",
      resolve: (meter) => batteryRule(meter.driver) ?? null,
    }),
    batteryHistory: t.field({
      type: [BatteryDayRef],
      description:
        'Per day of timeZone (UTC without it) with battery values in the range (at most three years), oldest first: lowest, highest and last.',
      args: {
        from: t.arg({ type: 'DateTime', required: true }),
        to: t.arg({ type: 'DateTime', required: true }),
        timeZone: t.arg.string({ description: "IANA zone whose days group the values (the viewer's or a project's)." }),
      },
      resolve: (meter, args, context) =>
        context.services.meters.batteryHistory(
          context.access,
          meter.id,
          args.from,
          args.to,
          args.timeZone ? parseInput(timeZoneSchema, args.timeZone) : 'UTC',
        ),
    }),
    errors: t.field({
      type: MeterErrorsRef,
      resolve: async (meter, _args, context) => {
        const latest = await latestOf(meter, context);
        const supply = latest?.vdd ?? null;
        return {
          missing: meter.active && !meter.inStorage && isMissing(meter),
          systemErrors: (await context.services.systemErrors.ofMeter(context.access, meter.id)).length,
          battery: batteryState(meter.driver, latest?.battery),
          lowVoltage: supply !== null && supply < lowVoltageThreshold,
        };
      },
    }),
    data: t.field({
      type: [MeterReadingRef],
      description: 'Stored readings in the range, newest first (at most 10,000).',
      args: { from: t.arg({ type: 'DateTime', required: true }), to: t.arg({ type: 'DateTime', required: true }) },
      resolve: (meter, args, context) => context.services.meters.readings(context.access, meter.id, args.from, args.to),
    }),
    stats: t.field({
      type: MeterStatsRef,
      args: {
        timefrom: t.arg({ type: 'DateTime', required: true }),
        timeto: t.arg({ type: 'DateTime', required: true }),
      },
      resolve: (meter, args, context) =>
        context.services.meters.stats(context.access, meter.id, args.timefrom, args.timeto),
    }),
    seriesDatasources: t.field({
      type: [SeriesDatasourceRef],
      description: 'Every datasource of the meter, active and ended, in projects the viewer sees.',
      resolve: async (meter, _args, context) => {
        const all = await context.services.series.datasourcesOfMeter(meter.id);
        const visible = await Promise.all(
          all.map((datasource) => context.access.can('project.view', datasource.projectId)),
        );
        return all.filter((_datasource, index) => visible[index]);
      },
    }),
    conversions: t.field({
      type: [MeterConversionRef],
      resolve: (meter, _args, context) => context.services.calibrations.conversionsOfMeter(context.access, meter.id),
    }),
    calibrations: t.field({
      type: [MeterCalibrationRef],
      resolve: (meter, _args, context) => context.services.calibrations.calibrationsOfMeter(context.access, meter.id),
    }),
    projects: t.field({
      type: [ProjectRef],
      description: 'Projects the meter feeds now, among those the viewer sees.',
      resolve: async (meter, _args, context) => {
        const ids = await context.services.series.projectIdsOfMeter(meter.id);
        const visible = await Promise.all(ids.map((id) => context.access.can('project.view', id)));
        return Promise.all(
          ids.filter((_id, index) => visible[index]).map((id) => context.services.projects.byId(context.access, id)),
        );
      },
    }),
  }),
});

builder.queryFields((t) => ({
  meter: t.field({
    type: MeterRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.meters.byId(context.access, args.id),
  }),
}));

builder.objectFields(SeriesDatasourceRef, (t) => ({
  meter: t.field({
    type: MeterRef,
    nullable: true,
    description: 'The meter it reads; null when the viewer does not see that meter (then only meterId).',
    resolve: (datasource, _args, context) => context.loaders.visibleMeter.load(datasource.meterId),
  }),
}));

const MeterMetaEntryInput = builder.inputType('MeterMetaEntryInput', {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});

builder.mutationFields((t) => ({
  updateMeter: t.field({
    type: MeterRef,
    args: {
      meta: t.arg({
        type: [MeterMetaEntryInput],
        description: 'Replaces the whole meta when given; each key once. Absent or null: left as it is.',
      }),
      id: t.arg.int({ required: true }),
      name: t.arg.string(),
      description: t.arg.string(),
      location: t.arg.string(),
      driver: t.arg.string(),
      active: t.arg.boolean(),
    },
    resolve: (_root, args, context) => {
      // Every text may be cleared; the flag only left out.
      const input = absentNulls(args, { clearable: ['name', 'description', 'location', 'driver'] });
      return context.services.meters.update(context.access, parseInput(updateMeterInput, input));
    },
  }),
  meterToStorage: t.field({
    type: MeterRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.meters.setInStorage(context.access, args.id, true),
  }),
  meterFromStorage: t.field({
    type: MeterRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.meters.setInStorage(context.access, args.id, false),
  }),
  resetBattery: t.field({
    type: MeterRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.meters.resetBattery(context.access, args.id),
  }),
  toggleMeter: t.field({
    type: MeterRef,
    description: 'Turns the meter active or inactive: to `active` when given, else the other way round.',
    args: {
      id: t.arg.int({ required: true }),
      active: t.arg.boolean({ description: 'The state to set; absent or null: toggle.' }),
    },
    resolve: (_root, args, context) => context.services.meters.toggleActive(context.access, args.id, args.active),
  }),
  releaseMeter: t.field({
    type: MeterRef,
    description: 'Gives the meter back (it becomes free) and ends what it feeds.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.meters.release(context.access, args.id),
  }),
  deleteMeterData: t.int({
    description: 'Deletes stored readings in the range; returns how many. The series they fed are recomputed.',
    args: {
      id: t.arg.int({ required: true }),
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
    },
    resolve: (_root, args, context) => context.services.meters.deleteData(context.access, args.id, args.from, args.to),
  }),
}));

builder.subscriptionFields((t) => ({
  meterUpdated: t.field({
    type: MeterRef,
    description: 'The meter, after each reading or change.',
    args: { id: t.arg.int({ required: true }) },
    subscribe: async (_root, args, context) => {
      await context.access.assertMeter('meter.view', args.id);
      return meterUpdates(context, args.id);
    },
    resolve: (meter) => meter,
  }),
}));

async function* meterUpdates(context: GraphQLContext, meterId: number): AsyncGenerator<MeterRow> {
  const stop = new AbortController();
  try {
    for await (const event of context.events.subscribe('meter.updated', stop.signal)) {
      if (event.meterId !== meterId) continue;
      const viewer = viewerScope(context.services, context.session?.user ?? null);
      if (!(await viewer.access.canMeter('meter.view', meterId))) continue;
      Object.assign(context, viewer);
      yield await context.services.meters.byId(viewer.access, meterId);
    }
  } finally {
    stop.abort();
  }
}
