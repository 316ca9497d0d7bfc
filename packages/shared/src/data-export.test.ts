import { describe, expect, it } from 'vitest';
import { exportQuerySchema, exportUrl } from './data-export.ts';

/** The path and the query of an address, decoded. */
function parse(url: string): { pathname: string; query: Record<string, string> } {
  const [pathname = '', search = ''] = url.split('?');
  const pairs = search.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
  return { pathname, query: Object.fromEntries(pairs) };
}

describe('exportUrl', () => {
  const request = {
    projectId: 7,
    format: 'csv' as const,
    from: 1_772_316_000_000,
    to: 1_772_920_799_999,
    slot: 3600,
    mode: 'max' as const,
    nulls: true,
    filters: [{ type: 'removeday' as const, day: '2026-03-02' }],
    lang: 'sv' as const,
  };

  it('writes the contract of the export endpoint', () => {
    const url = parse(exportUrl(request));
    expect(url.pathname).toBe('/api/export/7.csv');
    expect(url.query).toEqual({
      from: '1772316000000',
      to: '1772920799999',
      slot: '3600',
      mode: 'max',
      nulls: '1',
      filters: '[{"type":"removeday","day":"2026-03-02"}]',
      lang: 'sv',
    });
  });

  it('reads back, through the query schema, what it wrote', () => {
    const url = parse(exportUrl({ ...request, format: 'xlsx', baseUrl: 'https://olo.example' }));
    expect(url.pathname).toBe('https://olo.example/api/export/7.xlsx');
    const { projectId: _, format: __, ...query } = request;
    expect(exportQuerySchema.parse(url.query)).toEqual(query);
  });

  it('refuses a slot that does not divide a day and filters that are not JSON', () => {
    expect(exportQuerySchema.safeParse({ from: '1', to: '2', slot: '7' }).success).toBe(false);
    expect(exportQuerySchema.safeParse({ from: '1', to: '2', slot: '60', filters: '[' }).success).toBe(false);
    expect(exportQuerySchema.parse({ from: '1', to: '2', slot: '60' })).toMatchObject({ mode: 'avg', nulls: false });
  });
});
