import { z } from 'zod';

/**
 * Uplinks of The Things Stack v3 and ChirpStack v4, as their MQTT integrations publish them and
 * as their HTTP webhooks post them (same JSON). Both leave out empty fields (0, "", false), so
 * everything but the device identity is optional; unknown fields are ignored.
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
const decodedObject = z.record(z.string(), z.unknown());
const location = z.object({ latitude: z.number().optional(), longitude: z.number().optional() }).partial();

const ttsUplink = z.object({
  end_device_ids: z.object({
    device_id: z.string().min(1),
    application_ids: z.object({ application_id: z.string().min(1) }),
    dev_eui: hexEui,
  }),
  received_at: time.optional(),
  uplink_message: z.object({
    f_port: z.number().int().min(0).max(255).optional(),
    f_cnt: z.number().int().min(0).optional(),
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
        data_rate: z.object({ lora: z.object({ spreading_factor: z.number().int().optional() }).partial() }).partial(),
        time: time.optional(),
      })
      .partial()
      .optional(),
    received_at: time.optional(),
    version_ids: z.object({ brand_id: z.string().optional(), model_id: z.string().optional() }).optional(),
    locations: z.record(z.string(), location).optional(),
  }),
});

const chirpstackUplink = z.object({
  deduplicationId: z.string().optional(),
  time: time.optional(),
  deviceInfo: z.object({
    applicationId: z.string().min(1),
    tenantId: z.string().optional(),
    deviceProfileName: z.string().optional(),
    deviceName: z.string().optional(),
    devEui: hexEui,
  }),
  fCnt: z.number().int().min(0).optional(),
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
      modulation: z.object({ lora: z.object({ spreadingFactor: z.number().int().optional() }).partial() }).partial(),
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

export class UplinkFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UplinkFormatError';
  }
}

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'Invalid uplink';
}

/** The gateway with the strongest signal stands for the uplink's radio quality. */
function strongest<T extends { rssi?: number; channel_rssi?: number }>(gateways: T[] | undefined): T | undefined {
  return [...(gateways ?? [])].sort(
    (a, b) => (b.rssi ?? b.channel_rssi ?? -Infinity) - (a.rssi ?? a.channel_rssi ?? -Infinity),
  )[0];
}

export function parseTtsUplink(body: unknown, origin: UplinkOrigin = {}): Uplink {
  const parsed = ttsUplink.safeParse(body);
  if (!parsed.success) throw new UplinkFormatError(describe(parsed.error));
  const { end_device_ids: ids, uplink_message: message } = parsed.data;
  const applicationId = ids.application_ids.application_id;
  const topicApplication =
    (origin.topic && ttsTopicApplication(origin.topic)) ||
    (origin.tenant ? `${applicationId}@${origin.tenant}` : undefined);
  const gateway = strongest(message.rx_metadata);
  const timeText = message.settings?.time ?? gateway?.time ?? message.received_at ?? parsed.data.received_at;
  const place = gateway?.location ?? Object.values(message.locations ?? {})[0];
  return {
    provider: 'tts',
    serial: ids.dev_eui,
    identity: { brand: message.version_ids?.brand_id, model: message.version_ids?.model_id },
    time: timeText ? new Date(timeText) : (origin.receivedAt ?? new Date()),
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

export function parseChirpstackUplink(body: unknown, origin: UplinkOrigin = {}): Uplink {
  const parsed = chirpstackUplink.safeParse(body);
  if (!parsed.success) throw new UplinkFormatError(describe(parsed.error));
  const event = parsed.data;
  const gateway = strongest(event.rxInfo);
  return {
    provider: 'chirpstack',
    serial: event.deviceInfo.devEui,
    identity: { profileName: event.deviceInfo.deviceProfileName },
    time: event.time ? new Date(event.time) : (origin.receivedAt ?? new Date()),
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

export function parseUplink(provider: Provider, body: unknown, origin: UplinkOrigin = {}): Uplink {
  return provider === 'tts' ? parseTtsUplink(body, origin) : parseChirpstackUplink(body, origin);
}
