import { describe, expect, it } from 'vitest';
import { bytesFromHex, decodeVector, readVectorFile } from './testing/vectors.ts';
import { contractViolation } from './testing/well-formed.ts';

/*
 * Every prefix of every vector: a cut payload either fails with a clear error or, where the cut
 * falls between two records of a format without a length field (Elsys, Milesight), decodes to a
 * subset of the full payload's channels with the same values. Never a wrong value.
 */

/**
 * The Elsys EMS vector holds pulse input 1 (type 0x0A) twice, 0x1101 then 0x2111; the full
 * payload keeps the last (8465), so a prefix that ends after the first one rightly says 4353.
 */
const earlierValuesOfRepeatedRecords: Record<string, Record<string, number[]>> = {
  'Elsys EMS': { pulse_1: [0x1101] },
};

const vectors = [
  ...readVectorFile('elsys.json').vectors,
  ...readVectorFile('milesight.json').vectors,
  ...readVectorFile('decentlab.json').vectors,
];

describe('truncated vectors', () => {
  it.each(vectors.map((vector) => [`${vector.device}: ${vector.description}`, vector] as const))(
    '%s',
    (_label, vector) => {
      const full = decodeVector(vector);
      if (!full.ok) throw new Error(full.error);
      const fullByName = new Map(full.channels.map((channel) => [channel.name, channel]));
      const bytes = bytesFromHex(vector.bytesHex);
      for (let length = 0; length < bytes.length; length++) {
        const prefixHex = vector.bytesHex.slice(0, length * 2);
        const result = decodeVector({ ...vector, bytesHex: prefixHex });
        expect(contractViolation(result), `prefix ${prefixHex}`).toBeNull();
        if (!result.ok) {
          expect(result.error).toMatch(/^(Empty payload|Truncated payload)/);
          continue;
        }
        for (const channel of result.channels) {
          const whole = fullByName.get(channel.name);
          expect(whole, `prefix ${prefixHex} invents channel ${channel.name}`).toBeDefined();
          expect(channel.type).toBe(whole?.type);
          expect(channel.unit).toBe(whole?.unit);
          const allowed = [whole?.value, ...(earlierValuesOfRepeatedRecords[vector.device]?.[channel.name] ?? [])];
          expect(allowed, `prefix ${prefixHex}, channel ${channel.name}`).toContain(channel.value);
        }
      }
    },
  );

  it('names what is missing and where', () => {
    const [ers] = readVectorFile('elsys.json').vectors;
    if (ers === undefined) throw new Error('no Elsys vector');
    expect(decodeVector({ ...ers, bytesHex: '0100' })).toEqual({
      ok: false,
      error: 'Truncated payload: type 0x01 (temperature) needs 2 bytes at offset 1, only 1 remains',
    });
    const pm = readVectorFile('decentlab.json').vectors.find((vector) => vector.device === 'Decentlab DL-PM');
    if (pm === undefined) throw new Error('no DL-PM vector');
    expect(decodeVector({ ...pm, bytesHex: pm.bytesHex.slice(0, 20) })).toEqual({
      ok: false,
      error: 'Truncated payload: sensor 1 (particulate matter) of the DL-PM needs 20 bytes at offset 7, only 3 remain',
    });
  });
});
