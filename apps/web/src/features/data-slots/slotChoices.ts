/** Slot lengths offered, seconds: each divides a day, as the data API requires. */
export const slotChoices = [120, 300, 600, 1200, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400] as const;

/** A slot length as the viewer reads it: minutes below an hour, hours below a day, else days (i18n keys). */
export function slotLabel(seconds: number): { key: string; n: number } {
  if (seconds < 3600) return { key: 'Slot of {{n}} minutes', n: seconds / 60 };
  if (seconds < 86_400) return { key: 'Slot of {{n}} hours', n: seconds / 3600 };
  return { key: 'Slot of {{n}} days', n: seconds / 86_400 };
}
