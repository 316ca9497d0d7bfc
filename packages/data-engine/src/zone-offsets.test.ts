import { zoneOffsetMs } from '@olo/shared';
import { expect, it } from 'vitest';
import { cachedZoneOffsetMs } from './zone-offsets.ts';

const at = (iso: string) => Date.parse(iso);

it.each([
  ['Europe/Helsinki', '2026-03-29T00:00:00Z', '2026-03-29T02:00:00Z'],
  ['Europe/Helsinki', '2026-10-25T00:00:00Z', '2026-10-25T02:00:00Z'],
  ['America/New_York', '2026-03-08T06:00:00Z', '2026-03-08T08:00:00Z'],
  ['Australia/Adelaide', '2026-04-04T15:00:00Z', '2026-04-04T17:30:00Z'],
  ['Asia/Kolkata', '2026-03-29T00:00:00Z', '2026-03-29T02:00:00Z'],
])('agrees with zoneOffsetMs minute by minute around a change in %s', (timeZone, fromIso, toIso) => {
  for (let instant = at(fromIso); instant <= at(toIso); instant += 60_000) {
    expect(cachedZoneOffsetMs(instant, timeZone)).toBe(zoneOffsetMs(instant, timeZone));
  }
});

it('agrees with zoneOffsetMs across two years', () => {
  for (let instant = at('2025-01-01T00:00:00Z'); instant < at('2027-01-01T00:00:00Z'); instant += 97 * 3_600_000) {
    expect(cachedZoneOffsetMs(instant, 'Europe/Helsinki')).toBe(zoneOffsetMs(instant, 'Europe/Helsinki'));
  }
});
