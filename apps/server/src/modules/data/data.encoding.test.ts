import { describe, expect, it } from 'vitest';
import { negotiateCoding } from './data.encoding.ts';

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
});
