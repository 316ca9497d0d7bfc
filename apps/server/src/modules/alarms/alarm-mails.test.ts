import { describe, expect, it } from 'vitest';
import { type AlarmNotice, formatAlarmValue } from './alarm-mails.ts';

const motion: AlarmNotice = {
  kind: 'triggered',
  missingData: false,
  alarmName: 'Liikettä yöllä',
  projectName: 'Koulu',
  spaceName: 'Luokka 101',
  seriesName: 'Liike',
  dataType: 'Motion',
  unit: 'kpl',
  limit: null,
  value: 3,
  time: new Date('2026-11-02T01:05:00Z'),
  startedAt: null,
  peak: null,
  lastedMs: null,
  timeZone: 'Europe/Helsinki',
  link: 'https://olo.example/p/1/alarms',
};

describe('alarm notice values', () => {
  it('give a word unit (a count, kpl) in the notice language, symbols as they are', () => {
    expect(formatAlarmValue(3, motion, 'fi')).toBe('3,0 kpl');
    expect(formatAlarmValue(3, motion, 'sv')).toBe('3,0 st');
    expect(formatAlarmValue(3, motion, 'en')).toBe('3.0 pcs');
    expect(formatAlarmValue(21.25, { ...motion, dataType: 'Temperature', unit: '°C' }, 'en')).toBe('21.3 °C');
  });
});
