import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { uplinkExample } from '../../testing/uplink-examples.ts';

/*
 * One tenant's network server sends uplinks with values at and past every edge of what the
 * columns hold, while another tenant's valid uplinks arrive at the same moment (so that they share
 * the writer's batches): the valid ones are all stored, and nobody is answered 500.
 */

type Json = Record<string, unknown>;

const newSerial = () => crypto.randomBytes(8).toString('hex');
const day = 86_400_000;

const extremeInteger = fc.constantFrom(
  0,
  1,
  12,
  255,
  256,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32 - 1,
  2 ** 32,
  2 ** 40,
  2 ** 53 - 1,
  -1,
  -(2 ** 31),
  1.5,
);
const extremeNumber = fc.oneof(
  fc.constantFrom(0, -0, 5e-324, 1.7976931348623157e308, -1.7976931348623157e308, 90, -90, 180, 90.5, -181, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const extremeText = fc.oneof(
  fc.constantFrom(
    '',
    'a',
    'nul\u0000byte',
    '\u0000',
    'lone \ud800 surrogate',
    '\udfff',
    'x'.repeat(255),
    'y'.repeat(256),
  ),
  fc.constantFrom('ä🙂', `quote'"\\,{}`, 'NULL', '{"a":1}'),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const extremeTime = fc.oneof(
  fc.constantFrom(
    '0001-01-01T00:00:00Z',
    '1970-01-01T00:00:00Z',
    '1999-12-31T23:59:59.999Z',
    '2000-01-01T00:00:00Z',
    '+200000-01-01T00:00:00Z',
    '-200000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '2026-02-30T00:00:00Z',
    'not a time',
  ),
  // From five weeks late to two days ahead.
  fc.integer({ min: -35 * day, max: 2 * day }).map((offset) => new Date(Date.now() + offset).toISOString()),
);
const extremeDecoded = fc.dictionary(
  extremeText,
  fc.oneof(extremeNumber, extremeText, fc.record({ value: extremeNumber, unit: extremeText })),
  { maxKeys: 4 },
);
/** Payload bytes: random, or a JSON document (which the generic driver reads) with NULs and huge numbers. */
const extremePayload = fc.oneof(
  fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc.constantFrom(
    Buffer.from('{"co2":\u0000}').toString('base64'),
    Buffer.from(JSON.stringify({ temperature: { value: 1e308, unit: '\u0000' }, 'x\u0000': 1 })).toString('base64'),
    '',
  ),
);
const extremeLocation = fc.record({ latitude: extremeNumber, longitude: extremeNumber }, { requiredKeys: [] });

/** Fields of an uplink to set to extremes; any subset of them. */
const extremes = fc.record(
  {
    name: extremeText,
    application: extremeText,
    profile: extremeText,
    fCnt: extremeInteger,
    fPort: extremeInteger,
    spreadingFactor: extremeInteger,
    time: extremeTime,
    rssi: extremeNumber,
    snr: extremeNumber,
    location: extremeLocation,
    decoded: extremeDecoded,
    payload: extremePayload,
  },
  { requiredKeys: [] },
);
type Extremes = typeof extremes extends fc.Arbitrary<infer T> ? T : never;

function ttsBody(serial: string, fCnt: number, time: string, set: Extremes = {}): Json {
  const body = structuredClone(uplinkExample('tts-v3-mqtt-up.json').payload) as Json & {
    end_device_ids: Json & { application_ids: Json };
    uplink_message: Json & {
      settings: Json & { data_rate: { lora: Json } };
      rx_metadata: Array<Json>;
      version_ids: Json;
    };
  };
  const message = body.uplink_message;
  body.end_device_ids.dev_eui = serial.toUpperCase();
  message.f_cnt = fCnt;
  message.settings.time = time;
  if ('name' in set) body.end_device_ids.device_id = set.name;
  if ('application' in set) body.end_device_ids.application_ids.application_id = set.application;
  if ('profile' in set) message.version_ids = { brand_id: 'elsys', model_id: set.profile };
  if ('fCnt' in set) message.f_cnt = set.fCnt;
  if ('fPort' in set) message.f_port = set.fPort;
  if ('spreadingFactor' in set) message.settings.data_rate.lora.spreading_factor = set.spreadingFactor;
  if ('time' in set) message.settings.time = set.time;
  const gateway = message.rx_metadata[0] as Json;
  if ('rssi' in set) gateway.rssi = set.rssi;
  if ('snr' in set) gateway.snr = set.snr;
  if ('location' in set) gateway.location = set.location;
  if ('decoded' in set) message.decoded_payload = set.decoded;
  if ('payload' in set) message.frm_payload = set.payload;
  return body;
}

function chirpstackBody(serial: string, fCnt: number, time: string, set: Extremes = {}): Json {
  const body = structuredClone(uplinkExample('chirpstack-v4-mqtt-up.json').payload) as Json & {
    deviceInfo: Json;
    rxInfo: Array<Json>;
    txInfo: Json & { modulation: { lora: Json } };
  };
  body.deviceInfo.devEui = serial;
  body.fCnt = fCnt;
  body.time = time;
  if ('name' in set) body.deviceInfo.deviceName = set.name;
  if ('application' in set) body.deviceInfo.applicationId = set.application;
  if ('profile' in set) body.deviceInfo.deviceProfileName = set.profile;
  if ('fCnt' in set) body.fCnt = set.fCnt;
  if ('fPort' in set) body.fPort = set.fPort;
  if ('spreadingFactor' in set) body.txInfo.modulation.lora.spreadingFactor = set.spreadingFactor;
  if ('time' in set) body.time = set.time;
  const gateway = body.rxInfo[0] as Json;
  if ('rssi' in set) gateway.rssi = set.rssi;
  if ('snr' in set) gateway.snr = set.snr;
  if ('location' in set) gateway.location = set.location;
  if ('decoded' in set) body.object = set.decoded;
  if ('payload' in set) body.data = set.payload;
  return body;
}

const bodyOf = { tts: ttsBody, chirpstack: chirpstackBody };
type Provider = keyof typeof bodyOf;
const provider = fc.constantFrom<Provider>('tts', 'chirpstack');

describe.each(testDatabases)('uplinks with extreme values on %s', (kind) => {
  let olo: TestServer;
  const tokens = { valid: '', extreme: '' };
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const { client } = await signedInClient(olo.url);
    for (const tenant of ['valid', 'extreme'] as const) {
      const organization = await createOrganization(client);
      tokens[tenant] = expectData(
        await client.graphql<{ createIntegration: { secret: string } }>(
          'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "Network server") { secret } }',
          { o: organization.id },
        ),
      ).createIntegration.secret;
    }
  });
  afterAll(() => olo?.close());

  const post = async (provider: Provider, token: string, body: Json) => {
    const response = await fetch(`${olo.url}/api/ingest/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('stores every valid uplink of one tenant whatever another sends beside it, and never answers 500', async () => {
    // A few meters each, so that extreme readings also meet stored ones of their meter.
    const validSerials = [newSerial(), newSerial()];
    const extremeSerials = [newSerial(), newSerial(), newSerial()];
    let fCnt = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(provider, fc.constantFrom(...extremeSerials), extremes), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(provider, fc.constantFrom(...validSerials), fc.integer({ min: -20 * day, max: 0 })), {
          minLength: 1,
          maxLength: 3,
        }),
        async (extremeUplinks, validUplinks) => {
          const valid = validUplinks.map(([format, serial, offset]) => {
            fCnt += 1;
            return { format, serial, fCnt, time: new Date(Date.now() + offset).toISOString() };
          });
          const answers = await Promise.all([
            ...extremeUplinks.map(([format, serial, set]) =>
              post(format, tokens.extreme, bodyOf[format](serial, 1, new Date().toISOString(), set)),
            ),
            ...valid.map(({ format, serial, fCnt, time }) =>
              post(format, tokens.valid, bodyOf[format](serial, fCnt, time)),
            ),
          ]);
          for (const answer of answers) expect([202, 400]).toContain(answer.status);
          expect(answers.slice(extremeUplinks.length)).toEqual(
            valid.map(() => ({ status: 202, body: { stored: 1, refused: 0 } })),
          );
          const stored = await sql()<Array<{ serial: string; f_cnt: number }>>`
            select m.serial, r.f_cnt from meter_readings r join meters m on m.id = r.meter_id
            where m.serial in ${sql()(validSerials)} and r.f_cnt in ${sql()(valid.map((uplink) => uplink.fCnt))}`;
          expect(stored.map((row) => `${row.serial}/${row.f_cnt}`).sort()).toEqual(
            valid.map((uplink) => `${uplink.serial}/${uplink.fCnt}`).sort(),
          );
        },
      ),
      // 12–30 s measured while a dozen other test runs shared the machine's two cores.
      { numRuns: 20 },
    );
  }, 120_000);
});
