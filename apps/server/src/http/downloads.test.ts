import { describe, expect, it } from 'vitest';
import { contentDisposition } from './downloads.ts';

describe('downloads', () => {
  it('names the file in ASCII for old clients and exactly in filename*', () => {
    expect(contentDisposition('Kerrostalo Å/"B" 1-2026-03-01-2026-03-31.xlsx')).toBe(
      `attachment; filename="Kerrostalo A__B_ 1-2026-03-01-2026-03-31.xlsx"; filename*=UTF-8''Kerrostalo%20%C3%85%2F%22B%22%201-2026-03-01-2026-03-31.xlsx`,
    );
  });
});
