/** Milliseconds that the wall clock of `timeZone` is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (instant - (instant % 1000));
}

/**
 * The start of a day (`YYYY-MM-DD`, as a date input gives it) in a time zone: a project in Helsinki that starts on
 * 1 March starts at its midnight, not at UTC's. Null for an empty or malformed day; UTC for an unknown zone.
 */
export function startOfDayIn(day: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(midnightUtc)) return null;
  try {
    const guess = midnightUtc - zoneOffset(midnightUtc, timeZone);
    // A second look, in case the zone's offset at local midnight differs from that at UTC midnight.
    return new Date(midnightUtc - zoneOffset(guess, timeZone));
  } catch {
    return new Date(midnightUtc);
  }
}
