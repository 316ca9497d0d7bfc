/**
 * A project's start and end are edited as wall-clock times of the project's own time zone (a building in Helsinki
 * starts measuring at midnight Helsinki time), in the `YYYY-MM-DDTHH:mm` form of a datetime-local input.
 */

function wallClockParts(instant: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  return Object.fromEntries(
    parts.filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]),
  );
}

/** Milliseconds that the zone's clock is ahead of UTC at the instant. */
function zoneOffset(epochMs: number, timeZone: string): number {
  const wall = wallClockParts(new Date(epochMs), timeZone);
  const wallAsUtc = Date.UTC(
    wall.year ?? 1970,
    (wall.month ?? 1) - 1,
    wall.day ?? 1,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
  );
  return wallAsUtc - (epochMs - (epochMs % 1000));
}

function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const pad = (value: number | undefined, length = 2) => String(value ?? 0).padStart(length, '0');

/** The input value showing an ISO time in the zone; empty for no time. */
export function toDateTimeInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const zone = knownZone(timeZone) ? timeZone : 'UTC';
  const wall = wallClockParts(instant, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant at which the zone's clocks show the input value; null for an empty or incomplete value. */
export function fromDateTimeInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const zone = knownZone(timeZone) ? timeZone : 'UTC';
  // The offset at the guessed instant can differ from the one at the answer near a daylight-saving change;
  // a second pass settles it.
  const firstGuess = asUtc - zoneOffset(asUtc, zone);
  return new Date(asUtc - zoneOffset(firstGuess, zone));
}
