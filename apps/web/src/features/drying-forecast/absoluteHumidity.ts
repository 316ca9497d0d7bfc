import { absoluteHumidity } from '@olo/shared';

type Points = ReadonlyArray<{ time: number; value: number | null }>;

const dayMs = 86_400_000;

/**
 * The mean absolute humidity (g/m³) over the last `days` before `until`: indoors from a space's RH and temperature
 * readings taken at the same times, outdoors from a weather series of absolute humidity. Null where there is none.
 */
export function meanAbsoluteHumidity(
  { humidity, temperature, outdoor }: { humidity?: Points; temperature?: Points; outdoor?: Points },
  until: number,
  days: number,
): { indoor: number | null; outdoor: number | null } {
  const from = until - days * dayMs;
  const inWindow = (time: number) => time >= from && time <= until;
  const mean = (values: number[]) =>
    values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
  const temperatures = new Map<number, number>();
  for (const point of temperature ?? []) if (point.value !== null) temperatures.set(point.time, point.value);
  const indoor: number[] = [];
  for (const point of humidity ?? []) {
    const celsius = temperatures.get(point.time);
    if (point.value === null || celsius === undefined || !inWindow(point.time)) continue;
    const value = absoluteHumidity(point.value, celsius);
    if (value !== null) indoor.push(value);
  }
  const outdoorValues = (outdoor ?? []).flatMap((point) =>
    point.value !== null && inWindow(point.time) ? [point.value] : [],
  );
  return { indoor: mean(indoor), outdoor: mean(outdoorValues) };
}
