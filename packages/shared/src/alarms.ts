import { z } from 'zod';

/**
 * An alarm's duration or repeat interval as the spec gives it (spec §3 Alarm): whole years,
 * months, days, hours, minutes and seconds. How they add to a time: decision 0041.
 */
export const alarmDurationSchema = z.object({
  years: z.number().int().min(0).max(100),
  months: z.number().int().min(0).max(1200),
  days: z.number().int().min(0).max(36_500),
  hours: z.number().int().min(0).max(876_000),
  minutes: z.number().int().min(0).max(52_560_000),
  seconds: z.number().int().min(0).max(3_153_600_000),
});
export type AlarmDuration = z.infer<typeof alarmDurationSchema>;
