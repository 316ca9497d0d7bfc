import { describe, expect, it } from 'vitest';
import { dataExportErrors, dataExportQuerySchema, exportUrl } from './data-export.ts';

const query = {
  from: Date.parse('2026-10-23T21:00:00Z'),
  to: Date.parse('2026-10-26T21:59:59.999Z'),
  slot: 3600,
  mode: 'min' as const,
  nulls: true,
  filters: [{ type: 'removeday' as const, day: '2026-10-25' }],
  lang: 'sv' as const,
};

describe('the export URL and its query', () => {
  it('builds the address that the schema reads back as the same query', () => {
    const url = exportUrl({ projectId: 7, format: 'xlsx', ...query });
    expect(url).toMatch(/^\/api\/export\/7\.xlsx\?from=1792789200000&to=1793051999999&slot=3600&mode=min&nulls=1&/);
    const search = Object.fromEntries(
      (url.split('?')[1] as string).split('&').map((pair) => pair.split('=').map(decodeURIComponent)),
    );
    expect(dataExportQuerySchema.parse(search)).toEqual(query);
    expect(exportUrl({ projectId: 7, format: 'csv', baseUrl: 'https://olo.example', ...query })).toMatch(
      /^https:\/\/olo\.example\/api\/export\/7\.csv\?/,
    );
  });

  it('defaults to averages, no nulls, no filters and Finnish', () => {
    expect(dataExportQuerySchema.parse({ from: '0', to: '1', slot: '600' })).toEqual({
      from: 0,
      to: 1,
      slot: 600,
      mode: 'avg',
      nulls: false,
      filters: [],
      lang: 'fi',
    });
  });

  it.each([
    [{ to: '-1' }, dataExportErrors.toBeforeFrom],
    [{ from: 'yesterday' }, dataExportErrors.invalidTime],
    [{ slot: '700' }, dataExportErrors.invalidSlot],
    [{ mode: 'median' }, dataExportErrors.invalidMode],
    [{ nulls: 'yes' }, dataExportErrors.invalidNulls],
    [{ filters: '[{' }, dataExportErrors.invalidFilters],
    [{ filters: '[{"type":"removeday","day":"2026-02-30"}]' }, dataExportErrors.invalidFilters],
    [{ lang: 'de' }, dataExportErrors.invalidLanguage],
  ])('refuses %o: %s', (change, message) => {
    const result = dataExportQuerySchema.safeParse({ from: '0', to: '1', slot: '600', ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
