import { calibrationErrors, expressionErrors } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import fi from '../i18n/locales/fi.json';
import sv from '../i18n/locales/sv.json';
import {
  calibrationUpdate,
  fromLocalInput,
  recomputes,
  toLocalInput,
  typedExpressionProblem,
} from './calibrationValues.ts';

describe('calibration form values', () => {
  it('translates every message the shared evaluator and the calibration rules give, in every language', () => {
    for (const message of [...Object.values(expressionErrors), ...Object.values(calibrationErrors)]) {
      for (const strings of [fi, sv, en] as Record<string, string>[]) expect(Object.keys(strings)).toContain(message);
    }
  });

  it('reads and writes the viewer’s wall clock to the minute', () => {
    const time = new Date(2026, 2, 29, 3, 30, 45);
    expect(toLocalInput(time)).toBe('2026-03-29T03:30');
    expect(fromLocalInput('2026-03-29T03:30')?.getTime()).toBe(new Date(2026, 2, 29, 3, 30).getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('reports a typed expression’s problem, but not an empty one before saving', () => {
    expect(typedExpressionProblem('')).toBeNull();
    expect(typedExpressionProblem('x * 1.02 + 0.3')).toBeNull();
    expect(typedExpressionProblem('x; drop')).toBe(expressionErrors.unexpected);
  });

  it('recomputes only for a change reaching more than a minute back', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(recomputes(new Date(now - 61_000), now)).toBe(true);
    expect(recomputes(new Date(now - 59_000), now)).toBe(false);
  });

  it('sends only what an edit changed, and a cleared end as open-ended', () => {
    const calibration = { id: 9, expression: 'x - 0.4', range: { start: '2026-01-05T08:00:30.000Z', end: null } };
    const initial = { expression: 'x - 0.4', startAt: toLocalInput(calibration.range.start), endAt: '' };
    expect(calibrationUpdate(calibration, initial, initial)).toEqual({ id: 9 });
    expect(calibrationUpdate(calibration, initial, { ...initial, expression: ' x - 0.5 ' })).toEqual({
      id: 9,
      expression: 'x - 0.5',
    });
    const ended = { ...initial, endAt: '2026-02-01T00:00' };
    expect(calibrationUpdate(calibration, initial, { ...ended, startAt: '2026-01-04T00:00' })).toEqual({
      id: 9,
      startAt: new Date(2026, 0, 4).toISOString(),
      endAt: new Date(2026, 1, 1).toISOString(),
    });
    expect(calibrationUpdate(calibration, ended, { ...ended, endAt: '' })).toEqual({ id: 9, endAt: null });
  });
});
