import { describe, expect, it } from 'vitest';
import { dataUrl, projectDataBodySchema, staleDataIdBodySchema } from './data-body.ts';
import stored from './testing/fixtures/helsinki-2026-10-25-7200.json' with { type: 'json' };

describe('projectDataBodySchema', () => {
  it('reads a body of the data API', () => {
    const body = projectDataBodySchema.parse(stored);
    expect(body.slots).toHaveLength(13);
    expect(body.data[String(body.slots[0])]?.['11']).toEqual([96, 7.5, 8.5, 12]);
  });

  it.each([
    ['a short aggregate', { 1: { 11: [1, 1, 1] } }],
    ['a text in an aggregate', { 1: { 11: [1, 1, '1', 1] } }],
    ['a missing number', { 1: { 11: [1, null, 1, 1] } }],
    ['a slot that is not an object', { 1: [[1, 1, 1, 1]] }],
  ])('refuses %s', (_, data) => {
    expect(projectDataBodySchema.safeParse({ ...stored, data }).success).toBe(false);
  });
});

it('reads the new dataId of a 409 answer', () => {
  expect(staleDataIdBodySchema.parse({ error: 'Stale data id', dataId: 'abc' }).dataId).toBe('abc');
  expect(staleDataIdBodySchema.safeParse({ error: 'Not found' }).success).toBe(false);
});

it('builds the address of a slice', () => {
  expect(dataUrl({ projectId: 7, period: '2026-03-29', dataId: 'd1', slotSeconds: 3600 })).toBe(
    '/api/data/7/2026-03-29/d1/3600',
  );
  expect(dataUrl({ projectId: 7, period: '2026-03', dataId: 'd1', slotSeconds: 600, baseUrl: 'http://olo.test' })).toBe(
    'http://olo.test/api/data/7/2026-03/d1/600',
  );
});

it("builds a published report's address on its own data path", () => {
  expect(
    dataUrl({
      projectId: 7,
      period: '2026-03',
      dataId: 'd1',
      slotSeconds: 600,
      dataPath: '/api/public-reports/p1/data',
    }),
  ).toBe('/api/public-reports/p1/data/7/2026-03/d1/600');
});

it('asks for slots longer than an hour under the version of their rules, past what browsers kept of the old ones', () => {
  // Settled answers are kept for a year: the 25-hour day's old second day slot would be shown for that long.
  expect(dataUrl({ projectId: 7, period: '2026-10', dataId: 'd1', slotSeconds: 86_400 })).toBe(
    '/api/data/7/2026-10/d1/86400?slots=2',
  );
  expect(dataUrl({ projectId: 7, period: '2026-10', dataId: 'd1', slotSeconds: 21_600 })).toBe(
    '/api/data/7/2026-10/d1/21600?slots=2',
  );
});
