import { describe, expect, it } from 'vitest';
import { type AlarmNotice, alarmMail, formatAlarmValue } from './alarm-mails.ts';

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
    expect(formatAlarmValue(3, motion, 'fi')).toBe('3 kpl');
    expect(formatAlarmValue(3, motion, 'sv')).toBe('3 st');
    expect(formatAlarmValue(3, motion, 'en')).toBe('3 pcs');
    expect(formatAlarmValue(21.25, { ...motion, dataType: 'Temperature', unit: '°C' }, 'en')).toBe('21.3 °C');
  });
});

describe('alarm notices of an active-limit alarm', () => {
  const humidity: AlarmNotice = {
    ...motion,
    dataType: 'Humidity',
    unit: '%RH',
    value: 72,
    limit: { name: 'Indoor humidity 20–60 %', nameKey: 'limit.indoorHumidity', normalMin: 20, normalMax: 60 },
  };
  const mailIn = (language: 'fi' | 'sv' | 'en', notice = humidity) =>
    alarmMail({ to: 'a@olo.invalid', language, notice, siteName: 'Olo' }).text;

  it("name a shipped limit in the recipient's language, a typed one as typed", () => {
    expect(mailIn('fi')).toContain('"Sisäilman kosteus 20–60 %"');
    expect(mailIn('fi')).not.toContain('Indoor humidity');
    expect(mailIn('sv')).toContain('"Inomhusluftens fuktighet 20–60 %"');
    expect(mailIn('en')).toContain('"Indoor humidity 20–60 %"');
    const typed = { ...humidity, limit: { name: 'Kellarin kosteus', nameKey: null, normalMin: 20, normalMax: 60 } };
    expect(mailIn('sv', typed)).toContain('"Kellarin kosteus"');
  });
});
