import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { concatPieces, crc32Combine, deflatePiece, joinGzip, negotiateCoding } from './data.encoding.ts';

describe('negotiateCoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('*, br;q=0')).toBe('gzip');
    expect(negotiateCoding('identity')).toBe('identity');
    expect(negotiateCoding('deflate')).toBe('identity');
    expect(negotiateCoding('')).toBe('identity');
    expect(negotiateCoding(undefined)).toBe('identity');
  });

  it('takes a coding the answer has ready when the client accepts it', () => {
    expect(negotiateCoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('br', ['gzip'])).toBe('br');
    expect(negotiateCoding('gzip;q=0, br', ['gzip'])).toBe('br');
    expect(negotiateCoding('identity', ['gzip'])).toBe('identity');
  });
});

describe('gzip joined from pieces', () => {
  it('combines CRC-32s as zlib computes the CRC-32 of the whole', () => {
    const texts = ['', 'a', 'hello, ', 'wörld', 'x'.repeat(65_537), crypto.randomBytes(300_001).toString('base64')];
    for (const first of texts) {
      for (const second of texts) {
        expect(crc32Combine(zlib.crc32(first), zlib.crc32(second), Buffer.byteLength(second))).toBe(
          zlib.crc32(first + second),
        );
      }
    }
  });

  it('is one gzip stream of the pieces in order, which gunzip and its checks accept', async () => {
    const head = '{"projectId":7,"series":[{"name":"Lämpötila"}],';
    const tail = `"data":{${Array.from({ length: 5000 }, (_, i) => `"${i}":[${i / 7},1,2,3]`).join(',')}}}`;
    const joined = joinGzip([await deflatePiece(head, false), await deflatePiece(tail, true)]);
    expect(zlib.gunzipSync(joined).toString()).toBe(head + tail);
    // A corrupted trailer is caught by the decoder: the checks are real.
    const corrupted = Buffer.from(joined);
    corrupted[corrupted.length - 6] = (corrupted[corrupted.length - 6] as number) ^ 1;
    expect(() => zlib.gunzipSync(corrupted)).toThrow();
  });

  it('refuses pieces whose last is not final, or with a final one before it', async () => {
    const open = await deflatePiece('a', false);
    const final = await deflatePiece('b', true);
    expect(() => joinGzip([open])).toThrow(/final/);
    expect(() => joinGzip([final, final])).toThrow(/final/);
    expect(zlib.gunzipSync(joinGzip([open, open, final])).toString()).toBe('aab');
    // Kept as one piece, then joined behind another.
    expect(zlib.gunzipSync(joinGzip([open, concatPieces([open, final])])).toString()).toBe('aab');
    expect(() => concatPieces([final, open])).toThrow(/final/);
  });
});
