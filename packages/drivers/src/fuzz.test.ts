import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { genericJsonDriver } from './generic-json.ts';
import { drivers } from './registry.ts';
import { bytesFromHex, readVectorFile } from './testing/vectors.ts';
import { contractViolation } from './testing/well-formed.ts';

/*
 * Property tests: whatever bytes and port arrive, decode returns (never throws) a well-formed
 * result: a failure with a sentence, or channels of spec types with finite values. Random bytes
 * mostly fail early, so real vectors with random mutations and random Decentlab headers push the
 * decoders deeper. A fixed seed keeps CI reproducible; fast-check prints the seed and the
 * shrunk input of any failure.
 */

const seed = 20_240_514;
const runsPerProperty = 1_000;

/** LoRaWAN application ports are 1–223; 0 and the rest are included on purpose. */
const anyPort = fc.integer({ min: 0, max: 255 });

const vectorPayloads = [
  ...readVectorFile('elsys.json').vectors,
  ...readVectorFile('milesight.json').vectors,
  ...readVectorFile('decentlab.json').vectors,
].map((vector) => bytesFromHex(vector.bytesHex));

/** A real payload with some bytes overwritten, then cut or extended. */
const mutatedVector = fc
  .record({
    payload: fc.constantFrom(...vectorPayloads),
    overwrites: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
    newLength: fc.integer({ min: 0, max: 90 }),
    filler: fc.uint8Array({ minLength: 90, maxLength: 90 }),
  })
  .map(({ payload, overwrites, newLength, filler }) => {
    const bytes = Uint8Array.from({ length: newLength }, (_, index) => payload[index] ?? filler[index] ?? 0);
    for (const [position, value] of overwrites) {
      if (bytes.length > 0) bytes[position % bytes.length] = value;
    }
    return bytes;
  });

/** Version 2, any device id and flags, then random words: the Decentlab paths past the header. */
const decentlabShaped = fc
  .tuple(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0x7f }), fc.uint8Array({ maxLength: 60 }))
  .map(([deviceId, flags, body]) => Uint8Array.from([2, deviceId >> 8, deviceId & 0xff, 0, flags, ...body]));

/** A Decentlab vector's header and flags with random sensor words of the right length. */
const decentlabVectorWithRandomWords = fc
  .constantFrom(...readVectorFile('decentlab.json').vectors.map((vector) => bytesFromHex(vector.bytesHex)))
  .chain((payload) =>
    fc
      .uint8Array({ minLength: payload.length - 5, maxLength: payload.length - 5 })
      .map((words) => Uint8Array.from([...payload.subarray(0, 5), ...words])),
  );

/** JSON text as bytes, for the generic driver's byte entry point. */
const jsonText = fc.json({ maxDepth: 4 }).map((text) => new TextEncoder().encode(text));

describe.each(drivers.map((driver) => [driver.id, driver] as const))('fuzzing %s', (_id, driver) => {
  const decodesWellFormed = (bytes: Uint8Array, port: number) => {
    const result = driver.decode(bytes, port);
    expect(contractViolation(result)).toBeNull();
  };

  it('decodes random bytes to a well-formed result', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 96 }), anyPort, decodesWellFormed), {
      seed,
      numRuns: runsPerProperty,
    });
  });

  it('decodes mutated vectors to a well-formed result', () => {
    fc.assert(fc.property(mutatedVector, anyPort, decodesWellFormed), { seed, numRuns: runsPerProperty });
  });

  it('decodes Decentlab-shaped payloads to a well-formed result', () => {
    fc.assert(fc.property(decentlabShaped, anyPort, decodesWellFormed), { seed, numRuns: runsPerProperty });
    fc.assert(fc.property(decentlabVectorWithRandomWords, anyPort, decodesWellFormed), {
      seed,
      numRuns: runsPerProperty,
    });
  });

  it('decodes JSON text to a well-formed result', () => {
    fc.assert(fc.property(jsonText, anyPort, decodesWellFormed), { seed, numRuns: runsPerProperty });
  });
});

describe('fuzzing the generic JSON driver with objects', () => {
  it('maps any JSON value to a well-formed result', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(contractViolation(genericJsonDriver.decodeObject(value))).toBeNull();
      }),
      { seed, numRuns: runsPerProperty },
    );
  });

  it('maps objects with well-known keys and Decentlab-style leaves to a well-formed result', () => {
    const key = fc.constantFrom(
      'temperature',
      'relativeHumidity',
      'co2',
      'pressure',
      'barometric_pressure',
      'battery',
      'vdd',
      'pm2.5',
      'soundPeak',
      'light',
      '',
      '__proto__',
      'constructor',
    );
    const leaf = fc.oneof(
      fc.double(),
      fc.boolean(),
      fc.string(),
      fc.record({
        value: fc.double(),
        unit: fc.oneof(
          fc.constantFrom('Pa', 'hPa', 'bar', '°F', 'V', 'mV', '%', 'furlong', '__proto__', 'constructor', 'toString'),
          fc.string(),
        ),
      }),
    );
    const shaped = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.dictionary(key, tie('node'), { maxKeys: 5 }),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, shaped, { maxKeys: 8 }), (object) => {
        expect(contractViolation(genericJsonDriver.decodeObject(object))).toBeNull();
      }),
      { seed, numRuns: runsPerProperty },
    );
  });

  it('maps anything at all without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(contractViolation(genericJsonDriver.decodeObject(value))).toBeNull();
      }),
      { seed, numRuns: runsPerProperty },
    );
  });
});
