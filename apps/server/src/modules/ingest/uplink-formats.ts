import { z } from 'zod';
import { int4Max, isStorableText, uint32Max, unstorableTextIn } from '../../shared/storable.ts';

/**
 * Uplinks of The Things Stack v3 and ChirpStack v4, as their MQTT integrations publish them and
 * as their HTTP webhooks post them (same JSON). Both leave out empty fields (0, "", false), so
 * everything but the device identity is optional; unknown fields are ignored.
 *
 * Every field that is kept is checked against what its column holds (decision 0053): integers in
 * their column's range, numbers finite, text without NUL characters or broken Unicode and of a
 * bounded length, and the reading's time within a plausible window. An uplink that passes is one
 * the database can store, so it cannot fail a batch that other senders' readings share.
 */

export type Provider = 'tts' | 'chirpstack';

/** One uplink in Olo's terms, whichever network server sent it. */
export interface Uplink {
  provider: Provider;
  /** DevEUI, lower-case hex. */
  serial: string;
  /** What identifies the device model: TTS version_ids, ChirpStack device profile name. */
  identity: { brand?: string; model?: string; profileName?: string };
  time: Date;
  fCnt: number | null;
  fPort: number | null;
  payload: Buffer | null;
  /** The network server's own decoding, when it ran one. */
  decoded: Record<string, unknown> | null;
  radio: {
    rssi: number | null;
    snr: number | null;
    spfact: number | null;
    /**
     * The meter's transmit power, dBm. Neither format's uplink carries it (ChirpStack's uplink
     * txInfo has only frequency and modulation; a TTS uplink's settings have no downlink part),
     * so it stays null until a network server or driver reports it.
     */
    txpower: number | null;
    towers: number;
    lat: number | null;
    lon: number | null;
  };
  /** Where downlinks for this device go. */
  route: Record<string, string>;
}

const hexEui = z
  .string()
  .regex(/^[0-9a-fA-F]{16}$/, 'DevEUI must be 16 hex digits')
  .transform((eui) => eui.toLowerCase());
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Invalid base64');
const time = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Invalid time');
const unstorableMessage = 'contains a NUL character or an unpaired surrogate, which cannot be stored';
/** Names and ids, kept in meters.name and meters.provider_info (jsonb). */
const name = z.string().max(255).refine(isStorableText, unstorableMessage);
const decodedObject = z
  .record(z.string(), z.unknown())
  .refine((object) => unstorableTextIn(object) === undefined, unstorableMessage);
/** Integer columns (int4) that hold no negative value. */
const countOrCode = z.number().int().min(0).max(int4Max);
/** A frame counter: unsigned 32 bits in LoRaWAN, stored in an int4 column as its two's complement (decision 0053). */
const frameCounter = z.number().int().min(0).max(uint32Max);
const location = z
  .object({ latitude: z.number().min(-90).max(90).optional(), longitude: z.number().min(-180).max(180).optional() })
  .partial();

const ttsUplink = z.object({
  end_device_ids: z.object({
    device_id: name.min(1),
    application_ids: z.object({ application_id: name.min(1) }),
    dev_eui: hexEui,
  }),
  received_at: time.optional(),
  uplink_message: z.object({
    f_port: z.number().int().min(0).max(255).optional(),
    f_cnt: frameCounter.optional(),
    frm_payload: base64.optional(),
    decoded_payload: decodedObject.optional(),
    rx_metadata: z
      .array(
        z.object({
          time: time.optional(),
          rssi: z.number().optional(),
          channel_rssi: z.number().optional(),
          snr: z.number().optional(),
          location: location.optional(),
        }),
      )
      .optional(),
    settings: z
      .object({
        data_rate: z.object({ lora: z.object({ spreading_factor: countOrCode.optional() }).partial() }).partial(),
        time: time.optional(),
      })
      .partial()
      .optional(),
    received_at: time.optional(),
    version_ids: z.object({ brand_id: name.optional(), model_id: name.optional() }).optional(),
    locations: z.record(z.string(), location).optional(),
  }),
});

const chirpstackUplink = z.object({
  deduplicationId: z.string().optional(),
  time: time.optional(),
  deviceInfo: z.object({
    applicationId: name.min(1),
    tenantId: name.optional(),
    deviceProfileName: name.optional(),
    deviceName: name.optional(),
    devEui: hexEui,
  }),
  fCnt: frameCounter.optional(),
  fPort: z.number().int().min(0).max(255).optional(),
  data: base64.optional(),
  object: decodedObject.optional(),
  rxInfo: z
    .array(
      z.object({
        rssi: z.number().optional(),
        snr: z.number().optional(),
        location: location.optional(),
      }),
    )
    .optional(),
  txInfo: z
    .object({
      modulation: z.object({ lora: z.object({ spreadingFactor: countOrCode.optional() }).partial() }).partial(),
    })
    .partial()
    .optional(),
});

/** How an uplink arrived, where that tells more than its JSON. */
export interface UplinkOrigin {
  /** The MQTT topic it was published on. */
  topic?: string;
  /** The Things Stack tenant, for webhooks, whose body does not name it. */
  tenant?: string;
  receivedAt?: Date;
}

/** A Things Stack tenant or application id: lower-case letters, digits and single dashes, 2–36 characters. */
export const ttsIdPattern = /^[a-z0-9](?:-?[a-z0-9]){1,35}$/;

/**
 * The `{application id}@{tenant id}` of a Things Stack topic (just the application id on an Open
 * Source deployment, which has no tenants): downlinks go to the same place in `v3/…/down/push`.
 */
function ttsTopicApplication(topic: string): string | undefined {
  return /^v3\/([^/]+)\/devices\//.exec(topic)?.[1];
}

/** Why an uplink was refused before anything of it was stored. */
export type UplinkFault = 'malformed' | 'reading-time';

export class UplinkFormatError extends Error {
  constructor(
    message: string,
    readonly fault: UplinkFault = 'malformed',
    /** The DevEUI the body names (lower-case hex), when it names one: the meter it would have fed. */
    readonly serial?: string,
  ) {
    super(message);
    this.name = 'UplinkFormatError';
  }
}

/**
 * The times a reading may have: not before `earliest` nor more than `maxAheadMs` after `now()`.
 * Late readings (a network server delivering what it kept during an outage) stay welcome; a
 * clock that is unset (year 1, 1970) or far off is refused, so that its meter stays usable.
 */
export interface ReadingTimeWindow {
  earliest: Date;
  maxAheadMs: number;
  now: () => number;
}

export const defaultReadingTimeWindow: ReadingTimeWindow = {
  earliest: new Date('2000-01-01T00:00:00Z'),
  maxAheadMs: 24 * 3_600_000,
  now: () => Date.now(),
};

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'Invalid uplink';
}

/** The body's DevEUI when it has a well-formed one, so that a refusal can name its meter. */
function serialIn(eui: unknown): string | undefined {
  return typeof eui === 'string' && /^[0-9a-fA-F]{16}$/.test(eui) ? eui.toLowerCase() : undefined;
}

/** The reading's time: `text` (at `path` in the body), or when the body has none the time it arrived. */
function readingTime(
  text: string | undefined,
  path: string,
  serial: string,
  origin: UplinkOrigin,
  window: ReadingTimeWindow,
): Date {
  if (text === undefined) return origin.receivedAt ?? new Date(window.now());
  const time = new Date(text);
  if (time.getTime() < window.earliest.getTime()) {
    throw new UplinkFormatError(
      `${path}: ${text} is before ${window.earliest.toISOString()}, the earliest time a reading may have (is the clock set?)`,
      'reading-time',
      serial,
    );
  }
  if (time.getTime() > window.now() + window.maxAheadMs) {
    throw new UplinkFormatError(
      `${path}: ${text} is more than ${window.maxAheadMs / 1000} s ahead of the server's clock`,
      'reading-time',
      serial,
    );
  }
  return time;
}

/** The gateway with the strongest signal stands for the uplink's radio quality. */
function strongest<T extends { rssi?: number; channel_rssi?: number }>(gateways: T[] | undefined): T | undefined {
  return [...(gateways ?? [])].sort(
    (a, b) => (b.rssi ?? b.channel_rssi ?? -Infinity) - (a.rssi ?? a.channel_rssi ?? -Infinity),
  )[0];
}

export function parseTtsUplink(
  body: unknown,
  origin: UplinkOrigin = {},
  window: ReadingTimeWindow = defaultReadingTimeWindow,
): Uplink {
  const parsed = ttsUplink.safeParse(body);
  if (!parsed.success) {
    const ids = (body as { end_device_ids?: { dev_eui?: unknown } } | null)?.end_device_ids;
    throw new UplinkFormatError(describe(parsed.error), 'malformed', serialIn(ids?.dev_eui));
  }
  const { end_device_ids: ids, uplink_message: message } = parsed.data;
  const applicationId = ids.application_ids.application_id;
  const topicApplication =
    (origin.topic && ttsTopicApplication(origin.topic)) ||
    (origin.tenant ? `${applicationId}@${origin.tenant}` : undefined);
  if (topicApplication !== undefined && (topicApplication.length > 255 || !isStorableText(topicApplication))) {
    throw new UplinkFormatError(
      'topic: the application must be at most 255 characters, without NUL characters or unpaired surrogates',
      'malformed',
      ids.dev_eui,
    );
  }
  const gateway = strongest(message.rx_metadata);
  const gatewayIndex = gateway ? (message.rx_metadata?.indexOf(gateway) ?? 0) : 0;
  const [timeText, timePath] =
    message.settings?.time !== undefined
      ? [message.settings.time, 'uplink_message.settings.time']
      : gateway?.time !== undefined
        ? [gateway.time, `uplink_message.rx_metadata.${gatewayIndex}.time`]
        : message.received_at !== undefined
          ? [message.received_at, 'uplink_message.received_at']
          : [parsed.data.received_at, 'received_at'];
  const place = gateway?.location ?? Object.values(message.locations ?? {})[0];
  return {
    provider: 'tts',
    serial: ids.dev_eui,
    identity: { brand: message.version_ids?.brand_id, model: message.version_ids?.model_id },
    time: readingTime(timeText, timePath, ids.dev_eui, origin, window),
    fCnt: message.f_cnt ?? 0,
    fPort: message.f_port ?? null,
    payload: message.frm_payload !== undefined ? Buffer.from(message.frm_payload, 'base64') : null,
    decoded: message.decoded_payload ?? null,
    radio: {
      rssi: gateway?.rssi ?? gateway?.channel_rssi ?? null,
      // An absent snr is a zero that the JSON left out.
      snr: gateway ? (gateway.snr ?? 0) : null,
      spfact: message.settings?.data_rate?.lora?.spreading_factor ?? null,
      txpower: null,
      towers: message.rx_metadata?.length ?? 0,
      lat: place?.latitude ?? null,
      lon: place?.longitude ?? null,
    },
    route: { applicationId, deviceId: ids.device_id, ...(topicApplication ? { topicApplication } : {}) },
  };
}

export function parseChirpstackUplink(
  body: unknown,
  origin: UplinkOrigin = {},
  window: ReadingTimeWindow = defaultReadingTimeWindow,
): Uplink {
  const parsed = chirpstackUplink.safeParse(body);
  if (!parsed.success) {
    const device = (body as { deviceInfo?: { devEui?: unknown } } | null)?.deviceInfo;
    throw new UplinkFormatError(describe(parsed.error), 'malformed', serialIn(device?.devEui));
  }
  const event = parsed.data;
  const gateway = strongest(event.rxInfo);
  return {
    provider: 'chirpstack',
    serial: event.deviceInfo.devEui,
    identity: { profileName: event.deviceInfo.deviceProfileName },
    time: readingTime(event.time, 'time', event.deviceInfo.devEui, origin, window),
    fCnt: event.fCnt ?? 0,
    fPort: event.fPort ?? null,
    payload: event.data !== undefined ? Buffer.from(event.data, 'base64') : null,
    decoded: event.object ?? null,
    radio: {
      rssi: gateway?.rssi ?? null,
      snr: gateway ? (gateway.snr ?? 0) : null,
      spfact: event.txInfo?.modulation?.lora?.spreadingFactor ?? null,
      txpower: null,
      towers: event.rxInfo?.length ?? 0,
      lat: gateway?.location?.latitude ?? null,
      lon: gateway?.location?.longitude ?? null,
    },
    route: { applicationId: event.deviceInfo.applicationId, devEui: event.deviceInfo.devEui },
  };
}

/** The provider an MQTT topic belongs to, or null for topics that are not uplinks. */
export function providerOfTopic(topic: string): Provider | null {
  if (/^v3\/[^/]+\/devices\/[^/]+\/up$/.test(topic)) return 'tts';
  if (/^application\/[^/]+\/device\/[^/]+\/event\/up$/.test(topic)) return 'chirpstack';
  return null;
}

export const uplinkTopics = ['v3/+/devices/+/up', 'application/+/device/+/event/up'] as const;

export function parseUplink(
  provider: Provider,
  body: unknown,
  origin: UplinkOrigin = {},
  window: ReadingTimeWindow = defaultReadingTimeWindow,
): Uplink {
  return provider === 'tts' ? parseTtsUplink(body, origin, window) : parseChirpstackUplink(body, origin, window);
}
