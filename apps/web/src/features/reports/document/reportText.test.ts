import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/translations.ts';
import { durationPartsOf, episodesInView, filtersText, shareText } from './reportText.ts';

const timeZone = 'Europe/Helsinki';

describe('filters in words', () => {
  it('write runs of weekdays with the same hours once, and the removed days and spans', () => {
    const i18n = createTestI18n('en');
    const text = filtersText(
      [
        {
          type: 'weekrange',
          hours: [
            ...[1, 2, 3, 4].map((weekday) => ({ weekday, from: 8, to: 16 })),
            { weekday: 5, from: 8, to: 12 },
            { weekday: 5, from: 13, to: 15 },
            { weekday: 7, from: 10, to: 14 },
          ],
        },
        { type: 'removeday', day: '2026-12-24' },
        { type: 'removerange', from: '2026-12-01T06:00:00.000Z', to: '2026-12-01T08:30:00.000Z' },
      ],
      i18n.t,
      'en',
      timeZone,
    );
    expect(text).toBe(
      'Mon–Thu 8–16, Fri 8–12, 13–15, Sun 10–14; without 24 Dec 2026; without 01/12/2026, 08:00–01/12/2026, 10:30',
    );
  });

  it("are in the report's language", () => {
    const i18n = createTestI18n('fi');
    const text = filtersText(
      [
        { type: 'weekrange', hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })) },
        { type: 'removeday', day: '2026-12-24' },
      ],
      i18n.t,
      'fi',
      timeZone,
    );
    expect(text).toBe('ma–pe 8–16; paitsi 24.12.2026');
  });
});

describe('numbers and times of a summary', () => {
  it('show shares to a tenth of a percent in the language', () => {
    expect(shareText(0.032, 'en')).toBe('3.2%');
    expect(shareText(0.032, 'fi')).toBe('3,2\u00a0%');
    expect(shareText(0, 'sv')).toBe('0,0\u00a0%');
  });

  it('round durations to whole minutes, at least one', () => {
    expect(durationPartsOf(20_000)).toMatchObject({ days: 0, hours: 0, minutes: 1 });
    expect(durationPartsOf((26 * 60 + 31) * 60_000 - 20_000)).toMatchObject({ days: 1, hours: 2, minutes: 31 });
  });

  it('list the episodes of the chosen series that overlap the view, the open ones too, oldest first', () => {
    const episode = (id: string, seriesId: number, start: number, end: number | null) => ({
      id,
      alarmName: 'CO2',
      seriesId,
      start,
      end,
      peak: null,
    });
    const episodes = [
      episode('late-open', 1, 90, null),
      episode('across-start', 1, 5, 15),
      episode('other-series', 2, 20, 30),
      episode('before', 1, 0, 10),
      episode('after', 1, 100, 120),
    ];
    expect(episodesInView(episodes, [1], { from: 10, to: 100 }).map((item) => item.id)).toEqual([
      'across-start',
      'late-open',
    ]);
  });
});
