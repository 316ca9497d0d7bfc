import { type Driver, findDriver } from '@olo/drivers';
import {
  clamp,
  classroomOccupancy,
  daylight,
  durations,
  hashText,
  heatingSetback,
  localTime,
  SmoothNoise,
  seededRandom,
  unitNoise,
} from './signals.ts';

/*
 * Simulated meters and the uplinks their network servers would publish: real payloads of the
 * drivers' encoders, wrapped in The Things Stack v3 or ChirpStack v4 JSON with radio metadata.
 * A fleet is derived from a seed, so the same seed gives the same DevEUIs after a restart; an
 * uplink is a pure function of (meter, slot), so a re-sent one is a true duplicate.
 */

export type SimulatedModel =
  | 'elsys-ers-co2'
  | 'milesight-am307'
  | 'milesight-em500-co2'
  | 'decentlab-dl-pr26'
  | 'milesight-am103'
  | 'milesight-am319'
  | 'milesight-em300-th'
  | 'milesight-ws202';
export type UplinkFormat = 'tts' | 'chirpstack';
export type FormatChoice = UplinkFormat | 'both';

/** The default fleet: a school's indoor air and a drying site (the demo data and the benchmark use it). */
export const simulatedModels: readonly SimulatedModel[] = [
  'elsys-ers-co2',
  'milesight-am307',
  'milesight-em500-co2',
  'decentlab-dl-pr26',
];

/** Every model the simulator can send, for `--models all`. */
export const allSimulatedModels: readonly SimulatedModel[] = [
  ...simulatedModels,
  'milesight-am103',
  'milesight-am319',
  'milesight-em300-th',
  'milesight-ws202',
];

export interface SimulatedMeter {
  /** DevEUI, lower-case hex (TTS messages carry it upper-case, as TTS does). */
  serial: string;
  /** Device id on the network server (TTS device_id, ChirpStack deviceName). */
  deviceId: string;
  model: SimulatedModel;
  format: UplinkFormat;
  /** Seed of this meter's own values and radio. */
  seed: number;
  /** Where in its interval the meter sends, 0–1: meters of a fleet do not all send at once. */
  phase: number;
  /** Gateways that hear the meter, strongest first, with its mean signal at each. */
  gateways: SimulatedGateway[];
  /** LoRa spreading factor (the network server's ADR settles on it from the signal). */
  spreadingFactor: number;
  /** How full its room's lessons are, 0–1 (scales CO2 and warmth build-up). */
  attendance: number;
  /** How the building around it is run; none: heated round the clock, ventilation as the load fleet has it. */
  building?: BuildingProfile;
  /** Network server application: TTS application id, ChirpStack application UUID. */
  application: { ttsId: string; ttsTenant: string; chirpstackId: string; chirpstackTenantId: string };
}

/** A building's running, for the demo meters (decision 0081). */
export interface BuildingProfile {
  /** °C the heating sets back at night and over weekends (`heatingSetback`). */
  setbackC: number;
  /** ppm the room's CO2 stays under with working ventilation (the demo alarm is over 1,200 ppm). */
  co2Ceiling: number;
}

export interface SimulatedGateway {
  id: string;
  eui: string;
  /** Mean received signal strength at this gateway, dBm. */
  rssi: number;
  /** Mean signal-to-noise ratio, dB. */
  snr: number;
}

interface ModelSpec {
  driverId: string;
  /** TTS device repository ids, from which the server picks the driver. */
  versionIds: { brand_id: string; model_id: string };
  /** ChirpStack device profile name, from which the server picks the driver. */
  profileName: string;
  fPort: number;
  /** First hex digits of the DevEUI (the vendor's OUI and range). */
  euiPrefix: string;
  deviceIdPrefix: string;
}

export const modelSpecs: Readonly<Record<SimulatedModel, ModelSpec>> = {
  'elsys-ers-co2': {
    driverId: 'elsys',
    versionIds: { brand_id: 'elsys', model_id: 'ers-co2' },
    profileName: 'Elsys ERS CO2',
    fPort: 5,
    euiPrefix: 'a81758fffe',
    deviceIdPrefix: 'ers-co2',
  },
  'milesight-am307': {
    driverId: 'milesight-am307',
    versionIds: { brand_id: 'milesight-iot', model_id: 'am307' },
    profileName: 'Milesight AM307',
    fPort: 85,
    euiPrefix: '24e124',
    deviceIdPrefix: 'am307',
  },
  'milesight-em500-co2': {
    driverId: 'milesight-em500-co2',
    versionIds: { brand_id: 'milesight-iot', model_id: 'em500-co2' },
    profileName: 'Milesight EM500-CO2',
    fPort: 85,
    euiPrefix: '24e124',
    deviceIdPrefix: 'em500-co2',
  },
  'decentlab-dl-pr26': {
    driverId: 'decentlab-dl-pr26',
    versionIds: { brand_id: 'decentlab', model_id: 'dl-pr26' },
    profileName: 'Decentlab DL-PR26',
    fPort: 1,
    euiPrefix: '70b3d57ba0',
    deviceIdPrefix: 'dl-pr26',
  },
  'milesight-am103': {
    driverId: 'milesight-am103',
    versionIds: { brand_id: 'milesight-iot', model_id: 'am103' },
    profileName: 'Milesight AM103',
    fPort: 85,
    euiPrefix: '24e124',
    deviceIdPrefix: 'am103',
  },
  'milesight-am319': {
    driverId: 'milesight-am319',
    versionIds: { brand_id: 'milesight-iot', model_id: 'am319' },
    profileName: 'Milesight AM319',
    fPort: 85,
    euiPrefix: '24e124',
    deviceIdPrefix: 'am319',
  },
  'milesight-em300-th': {
    driverId: 'milesight-em300-th',
    versionIds: { brand_id: 'milesight-iot', model_id: 'em300-th' },
    profileName: 'Milesight EM300-TH',
    fPort: 85,
    euiPrefix: '24e124',
    deviceIdPrefix: 'em300-th',
  },
  'milesight-ws202': {
    driverId: 'milesight-ws202',
    versionIds: { brand_id: 'milesight-iot', model_id: 'ws202' },
    profileName: 'Milesight WS202',
    fPort: 85,
    euiPrefix: '24e124',
    deviceIdPrefix: 'ws202',
  },
};

export function driverOf(model: SimulatedModel): Driver {
  const driver = findDriver(modelSpecs[model].driverId);
  if (!driver) throw new Error(`No driver ${modelSpecs[model].driverId}`);
  return driver;
}

/** Slot 0 of every meter: frame counters count intervals since then, so they keep rising across restarts. */
export const fleetEpochMs = Date.UTC(2025, 0, 1);

const hex = (value: number, digits: number) => (value >>> 0).toString(16).padStart(8, '0').slice(-digits);

/** A UUID-shaped id from a text, stable for the same text. */
function stableUuid(text: string): string {
  const h = [0, 1, 2, 3].map((part) => hex(hashText(`${text}#${part}`), 8)).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * DevEUI of meter `index`: the vendor's prefix, then 24 bits that are a bijection of the index
 * (an odd multiplier is invertible modulo 2^24, so no two meters of a fleet share one), padded
 * with seeded bits where the prefix is short.
 */
function devEui(seed: string, index: number, prefix: string): string {
  const unique = (hashText(seed) + Math.imul(index, 0x9e3779)) & 0xffffff;
  const padding = 16 - prefix.length - 6;
  const filler = padding > 0 ? hex(hashText(`${seed}:${index}:eui`), padding) : '';
  return `${prefix}${filler}${hex(unique, 6)}`;
}

function fleetGateways(seed: string): Array<{ id: string; eui: string }> {
  return [1, 2, 3].map((number) => ({
    id: `olo-sim-gw-${number}`,
    eui: `b827ebfffe${hex(hashText(`${seed}:gateway:${number}`), 6)}`,
  }));
}

export interface FleetOptions {
  count: number;
  /** Same seed, same meters. */
  seed?: string;
  format?: FormatChoice;
  models?: readonly SimulatedModel[];
  /** Device ids; meter i gets names[i] when given. */
  names?: readonly string[];
  /** First index: meters `first` … `first + count - 1` of the seed's fleet. */
  first?: number;
}

/**
 * Meters 0 … count−1 of the fleet of `seed`. Meter i is models[i mod models.length], so adding
 * meters keeps the existing ones. With format 'both', each model appears in both formats.
 */
export function simulatedMeters({
  count,
  seed = 'olo-sim',
  format = 'both',
  models = simulatedModels,
  names,
  first = 0,
}: FleetOptions): SimulatedMeter[] {
  const gateways = fleetGateways(seed);
  const application = {
    ttsId: 'olo-simulator',
    ttsTenant: 'ttn',
    chirpstackId: stableUuid(`${seed}:application`),
    chirpstackTenantId: stableUuid(`${seed}:tenant`),
  };
  return Array.from({ length: count }, (_, offset) => {
    const index = first + offset;
    const model = models[index % models.length] as SimulatedModel;
    const spec = modelSpecs[model];
    const meterSeed = hashText(`${seed}:${index}`);
    const random = seededRandom(meterSeed);
    // Strongest gateway between −70 and −112 dBm; others hear it 4–16 dB weaker.
    const strongest = -70 - 42 * random() ** 1.5;
    const heardBy = 1 + Math.floor(random() * gateways.length);
    const start = Math.floor(random() * gateways.length);
    const heard = Array.from({ length: heardBy }, (_, n) => {
      const gateway = gateways[(start + n) % gateways.length] as { id: string; eui: string };
      const rssi = Math.round(strongest - (n === 0 ? 0 : 4 + 12 * random()));
      // LoRa demodulates below the noise floor: SNR falls about 1 dB per dB of RSSI near −110 dBm.
      const snr = clamp(Math.round(((rssi + 118) / 3) * 4) / 4, -12, 11);
      return { ...gateway, rssi, snr };
    });
    const spreadingFactor = strongest > -100 ? 7 : strongest > -106 ? 8 : strongest > -110 ? 9 : 10;
    return {
      serial: devEui(seed, index, spec.euiPrefix),
      deviceId: names?.[offset] ?? `${spec.deviceIdPrefix}-${String(index + 1).padStart(4, '0')}`,
      model,
      format: format === 'both' ? (Math.floor(index / models.length) % 2 === 0 ? 'tts' : 'chirpstack') : format,
      seed: meterSeed,
      phase: random(),
      gateways: heard,
      spreadingFactor,
      attendance: 0.75 + 0.25 * random(),
      application,
    };
  });
}

/** The send time of a meter's slot `k` (ms): its phase in the interval plus up to 0.9 s of seeded jitter. */
export function slotTime(meter: SimulatedMeter, intervalMs: number, slot: number): number {
  // Whole milliseconds: a stored time has them, and a repeat must match it exactly.
  return (
    fleetEpochMs +
    Math.floor((meter.phase + slot) * intervalMs) +
    Math.floor(900 * unitNoise(meter.seed ^ 0x5f3759df, slot))
  );
}

/** The last slot whose send time (without jitter) is at or before `timeMs`. */
export function slotAt(meter: SimulatedMeter, intervalMs: number, timeMs: number): number {
  return Math.floor((timeMs - fleetEpochMs) / intervalMs - meter.phase);
}

interface MeterSignals {
  temperature: SmoothNoise;
  humidity: SmoothNoise;
  co2: SmoothNoise;
  light: SmoothNoise;
  pressureDifference: SmoothNoise;
  /** Weather: the same for every meter of a city, hence not seeded by the meter. */
  weather: SmoothNoise;
  temperatureBase: number;
  humidityBase: number;
  co2Base: number;
  co2Peak: number;
  batteryPercent: number;
  pressureDifferencePa: number;
}

const signalsBySeed = new Map<number, MeterSignals>();
const weather = new SmoothNoise(hashText('weather'), 10 * durations.hourMs, 5 * durations.dayMs);

function signalsOf(meter: SimulatedMeter): MeterSignals {
  let signals = signalsBySeed.get(meter.seed);
  if (!signals) {
    const random = seededRandom(meter.seed ^ 0x2545f491);
    const { hourMs, dayMs, minuteMs } = durations;
    signals = {
      temperature: new SmoothNoise(meter.seed + 1, 40 * minuteMs, 9 * hourMs),
      humidity: new SmoothNoise(meter.seed + 2, 6 * hourMs, 4 * dayMs),
      co2: new SmoothNoise(meter.seed + 3, 8 * minuteMs, 2 * hourMs),
      light: new SmoothNoise(meter.seed + 4, 20 * minuteMs, 6 * hourMs),
      pressureDifference: new SmoothNoise(meter.seed + 5, 30 * minuteMs, dayMs),
      weather,
      temperatureBase: 20.2 + 1.2 * random(),
      humidityBase: 33 + 10 * random(),
      co2Base: 410 + 40 * random(),
      co2Peak: 650 + 300 * random(),
      batteryPercent: 88 + 12 * random(),
      pressureDifferencePa: -(10 + 10 * random()),
    };
    if (signalsBySeed.size > 100_000) signalsBySeed.clear();
    signalsBySeed.set(meter.seed, signals);
  }
  return signals;
}

/** Rounded to a step such as 0.1 or 0.5 (the format's resolution), without binary noise: 22.4, not 22.400000000000002. */
function round(value: number, step: number): number {
  const perUnit = Math.round(1 / step);
  return Math.round(value * perUnit) / perUnit;
}

/**
 * What the meter measures at `timeMs`, by channel, in the channel's unit and within the format's
 * range: indoor air (temperature 19–24 °C, humidity 25–55 %RH, CO2 400–1400 ppm peaking during
 * lessons), and for the DL-PR26 a pressure difference of a few tens of pascals under the outside
 * (its driver's `pressure` channel is a pressure difference in Pa). `slot` seeds what varies per uplink (motion counts).
 */
export function meterValues(meter: SimulatedMeter, timeMs: number, slot: number): Record<string, number> {
  const s = signalsOf(meter);
  const occupancy = classroomOccupancy(timeMs, meter.attendance);
  const { minuteOfDay } = localTime(timeMs);
  const ageYears = Math.max(0, timeMs - fleetEpochMs) / (365 * durations.dayMs);
  // Warmest in the afternoon; lessons add body heat.
  const dailyWarmth = Math.sin((2 * Math.PI * (minuteOfDay - 9 * 60)) / (24 * 60));
  const setback = meter.building ? meter.building.setbackC * heatingSetback(timeMs) : 0;
  const temperature = clamp(
    s.temperatureBase + 0.5 * dailyWarmth + 1.4 * occupancy.load + 0.4 * s.temperature.at(timeMs) - setback,
    19 - (meter.building?.setbackC ?? 0),
    24,
  );
  const humidity = clamp(s.humidityBase + 8 * s.humidity.at(timeMs) + 4 * occupancy.load, 25, 55);
  // Working ventilation keeps a profiled room's peak (with its noise) under the ceiling.
  const co2Peak = meter.building ? Math.min(s.co2Peak, meter.building.co2Ceiling - 25 - s.co2Base) : s.co2Peak;
  const co2 = clamp(s.co2Base + co2Peak * occupancy.load + 25 * s.co2.at(timeMs), 400, 1400);
  const lux = Math.round(
    (occupancy.present ? 380 + 60 * s.light.at(timeMs) : 0) + 220 * daylight(timeMs) * (0.7 + 0.3 * s.light.at(timeMs)),
  );
  const perUplink = unitNoise(meter.seed, slot);
  const pressure = round(1013 + 14 * s.weather.at(timeMs), 0.1);

  switch (meter.model) {
    case 'elsys-ers-co2':
      return {
        temperature: round(temperature, 0.1),
        humidity: Math.round(humidity),
        light: lux,
        // PIR counts during the interval.
        motion: occupancy.present ? Math.round(3 + 9 * perUplink) : perUplink < 0.03 ? 1 : 0,
        co2: Math.round(co2),
        vdd: round(3.64 - 0.04 * ageYears + 0.004 * s.light.at(timeMs / 7), 0.001),
      };
    case 'milesight-am307':
      return {
        battery: clamp(Math.round(s.batteryPercent - 9 * ageYears), 1, 100),
        temperature: round(temperature, 0.1),
        humidity: round(humidity, 0.5),
        pir: occupancy.present && perUplink < 0.85 ? 1 : 0,
        light_level: clamp(Math.round(lux / 120), 0, 5),
        co2: Math.round(co2),
        tvoc_iaq: round(Math.max(0.5, 1 + 1.6 * occupancy.load + 0.2 * s.light.at(timeMs)), 0.01),
        pressure,
      };
    case 'milesight-em500-co2':
      return {
        battery: clamp(Math.round(s.batteryPercent - 7 * ageYears), 1, 100),
        temperature: round(temperature, 0.1),
        humidity: round(humidity, 0.5),
        co2: Math.round(co2),
        pressure,
      };
    case 'milesight-am103':
      return {
        battery: clamp(Math.round(s.batteryPercent - 8 * ageYears), 1, 100),
        temperature: round(temperature, 0.1),
        humidity: round(humidity, 0.5),
        co2: Math.round(co2),
      };
    case 'milesight-am319': {
      // Mains powered: no battery. Particles and formaldehyde rise a little with a full room.
      const pm2_5 = Math.round(clamp(6 + 10 * occupancy.load + 3 * s.light.at(timeMs / 3), 1, 60));
      return {
        temperature: round(temperature, 0.1),
        humidity: round(humidity, 0.5),
        co2: Math.round(co2),
        tvoc_mass: Math.round(clamp(80 + 250 * occupancy.load + 30 * s.light.at(timeMs), 20, 1000)),
        pressure,
        hcho: round(clamp(0.02 + 0.03 * occupancy.load + 0.005 * s.co2.at(timeMs), 0, 0.2), 0.01),
        pm2_5,
        pm10: pm2_5 + Math.round(clamp(4 + 8 * occupancy.load, 0, 40)),
      };
    }
    case 'milesight-em300-th':
      return {
        battery: clamp(Math.round(s.batteryPercent - 6 * ageYears), 1, 100),
        temperature: round(temperature, 0.1),
        humidity: round(humidity, 0.5),
      };
    case 'milesight-ws202':
      return {
        battery: clamp(Math.round(s.batteryPercent - 5 * ageYears), 1, 100),
        pir: occupancy.present && perUplink < 0.85 ? 1 : 0,
        daylight: daylight(timeMs) > 0.2 ? 1 : 0,
      };
    case 'decentlab-dl-pr26': {
      // A drying site is kept under the outside pressure: −5 … −40 Pa, here drifting around the meter's set point.
      const differencePa = clamp(
        s.pressureDifferencePa + 6 * s.pressureDifference.at(timeMs) + 2 * (perUplink - 0.5),
        -40,
        -5,
      );
      return {
        pressure: differencePa,
        temperature: clamp(18 + 1.5 * s.temperature.at(timeMs) + 0.5 * dailyWarmth, 15, 23),
        battery_voltage: round(clamp(3.32 - 0.08 * ageYears + 0.01 * s.light.at(timeMs / 5), 3, 3.4), 0.001),
      };
    }
  }
}

/** EU868 uplink channel frequencies, Hz. */
const frequenciesHz = [868_100_000, 868_300_000, 868_500_000, 867_100_000, 867_300_000, 867_500_000, 867_700_000];

/** Airtime of a ~20-byte uplink at 125 kHz per spreading factor, seconds (what TTS reports). */
const airtime: Record<number, string> = { 7: '0.061696s', 8: '0.113152s', 9: '0.205824s', 10: '0.370688s' };

export interface BuiltUplink {
  topic: string;
  /** The JSON text to publish. */
  payload: string;
  meter: SimulatedMeter;
  fCnt: number;
  fPort: number;
  /** When the meter sent it, ms. */
  timeMs: number;
  /** What the payload encodes (before the format's rounding). */
  values: Record<string, number>;
  bytes: Uint8Array;
}

interface Radio {
  gateways: Array<SimulatedGateway & { channelIndex: number }>;
  frequency: number;
  channel: number;
}

function radioOf(meter: SimulatedMeter, slot: number): Radio {
  const random = seededRandom((meter.seed ^ Math.imul(slot, 0x85ebca6b)) >>> 0);
  const channel = Math.floor(random() * frequenciesHz.length);
  return {
    channel,
    frequency: frequenciesHz[channel] as number,
    gateways: meter.gateways.map((gateway) => ({
      ...gateway,
      // Fading: a few dB either way from uplink to uplink.
      rssi: Math.round(gateway.rssi + 6 * (random() - 0.5)),
      snr: clamp(Math.round((gateway.snr + 3 * (random() - 0.5)) * 4) / 4, -20, 13.5),
      channelIndex: channel,
    })),
  };
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The Things Stack v3 leaves out empty fields (0, "", false); so does this. */
function omitZero<T>(value: T): T | undefined {
  return value === 0 ? undefined : value;
}

function ttsMessage(meter: SimulatedMeter, uplink: Omit<BuiltUplink, 'topic' | 'payload'>, radio: Radio): object {
  const spec = modelSpecs[meter.model];
  const time = new Date(uplink.timeMs).toISOString();
  const received = new Date(uplink.timeMs + 45).toISOString();
  const timestamp = (uplink.timeMs * 1000) % 4_294_967_296;
  return {
    end_device_ids: {
      device_id: meter.deviceId,
      application_ids: { application_id: meter.application.ttsId },
      dev_eui: meter.serial.toUpperCase(),
      join_eui: `${spec.euiPrefix.slice(0, 6).toUpperCase()}0000000001`.slice(0, 16),
      dev_addr: hex(meter.seed, 8).toUpperCase(),
    },
    correlation_ids: [`as:up:${stableUuid(`${meter.serial}:${uplink.fCnt}`).replaceAll('-', '').toUpperCase()}`],
    received_at: received,
    uplink_message: {
      f_port: uplink.fPort,
      f_cnt: omitZero(uplink.fCnt),
      frm_payload: base64(uplink.bytes),
      rx_metadata: radio.gateways.map((gateway) => ({
        gateway_ids: { gateway_id: gateway.id, eui: gateway.eui.toUpperCase() },
        time,
        timestamp,
        rssi: gateway.rssi,
        channel_rssi: gateway.rssi,
        snr: omitZero(gateway.snr),
        channel_index: omitZero(gateway.channelIndex),
      })),
      settings: {
        data_rate: { lora: { bandwidth: 125000, spreading_factor: meter.spreadingFactor, coding_rate: '4/5' } },
        frequency: String(radio.frequency),
        timestamp,
        time,
      },
      received_at: new Date(uplink.timeMs + 30).toISOString(),
      consumed_airtime: airtime[meter.spreadingFactor],
      version_ids: { ...spec.versionIds, hardware_version: '1.0', firmware_version: '1.0', band_id: 'EU_863_870' },
      network_ids: { net_id: '000013', tenant_id: meter.application.ttsTenant, cluster_id: 'eu1' },
    },
  };
}

function chirpstackMessage(
  meter: SimulatedMeter,
  uplink: Omit<BuiltUplink, 'topic' | 'payload'>,
  radio: Radio,
): object {
  const spec = modelSpecs[meter.model];
  return {
    deduplicationId: stableUuid(`${meter.serial}:${uplink.fCnt}:${uplink.timeMs}`),
    time: new Date(uplink.timeMs).toISOString(),
    deviceInfo: {
      tenantId: meter.application.chirpstackTenantId,
      tenantName: 'Olo simulator',
      applicationId: meter.application.chirpstackId,
      applicationName: 'olo-simulator',
      deviceProfileId: stableUuid(`profile:${meter.model}`),
      deviceProfileName: spec.profileName,
      deviceName: meter.deviceId,
      devEui: meter.serial,
      tags: {},
    },
    devAddr: hex(meter.seed, 8),
    adr: true,
    dr: 12 - meter.spreadingFactor,
    // Protocol Buffers JSON leaves out zeros, like TTS.
    fCnt: omitZero(uplink.fCnt),
    fPort: uplink.fPort,
    data: base64(uplink.bytes),
    rxInfo: radio.gateways.map((gateway, index) => ({
      gatewayId: gateway.eui,
      uplinkId: (meter.seed + uplink.fCnt * 7 + index) >>> 0,
      rssi: gateway.rssi,
      snr: gateway.snr,
      channel: radio.channel,
      context: base64(Uint8Array.of(index, uplink.fCnt & 0xff, (uplink.fCnt >> 8) & 0xff, 0x0b)),
      metadata: { region_config_id: 'eu868', region_common_name: 'EU868' },
      crcStatus: 'CRC_OK',
    })),
    txInfo: {
      frequency: radio.frequency,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: meter.spreadingFactor, codeRate: 'CR_4_5' } },
    },
  };
}

export function uplinkTopic(meter: SimulatedMeter): string {
  return meter.format === 'tts'
    ? `v3/${meter.application.ttsId}@${meter.application.ttsTenant}/devices/${meter.deviceId}/up`
    : `application/${meter.application.chirpstackId}/device/${meter.serial}/event/up`;
}

/**
 * The uplink of the meter's slot `slot` at the given interval: frame counter `slot` (counted from
 * fleetEpochMs), the encoded payload of meterValues, and its network server's JSON and topic.
 */
export function buildUplink(meter: SimulatedMeter, intervalMs: number, slot: number): BuiltUplink {
  const timeMs = slotTime(meter, intervalMs, slot);
  return buildUplinkAt(meter, { timeMs, fCnt: slot });
}

/** The uplink the meter sends at `timeMs` with frame counter `fCnt` (for callers with their own schedule). */
export function buildUplinkAt(meter: SimulatedMeter, at: { timeMs: number; fCnt: number }): BuiltUplink {
  const spec = modelSpecs[meter.model];
  const fCnt = at.fCnt >>> 0;
  const values = meterValues(meter, at.timeMs, fCnt);
  const bytes = driverOf(meter.model).encode(values);
  const uplink = { meter, fCnt, fPort: spec.fPort, timeMs: at.timeMs, values, bytes };
  const radio = radioOf(meter, fCnt);
  const message = meter.format === 'tts' ? ttsMessage(meter, uplink, radio) : chirpstackMessage(meter, uplink, radio);
  return { ...uplink, topic: uplinkTopic(meter), payload: JSON.stringify(message) };
}
