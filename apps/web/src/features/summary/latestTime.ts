/** The newest of reading times (ISO), epoch ms; null when there are none. */
export function latestTime(readings: readonly { time: string }[]): number | null {
  let latest: number | null = null;
  for (const reading of readings) {
    const time = Date.parse(reading.time);
    if (Number.isFinite(time) && (latest === null || time > latest)) latest = time;
  }
  return latest;
}
