import { type SimulatedMeter, slotAt } from '../apps/server/src/simulator/uplinks.ts';

/**
 * Which meter sends which slot in each phase of the ingest benchmarks' publisher, in sending
 * order: readings as meters send them, the latest rounds up to `now`, all in the past, every phase
 * after the one before. (Readings two days old, as the publisher once sent, are late values: each
 * batch renewed its projects' dataIds and raised their rollup versions, which live ingest does not
 * do.) The publisher builds its uplinks from this; bench/alarms.ts computes the same readings' values.
 */
export function layOutPhases(
  meters: SimulatedMeter[],
  phases: Record<string, number>,
  intervalMs: number,
  now: number,
): Map<string, Array<{ meter: SimulatedMeter; slot: number }>> {
  const rounds = Object.values(phases).reduce((sum, count) => sum + Math.ceil(count / meters.length), 0);
  const firstSlot = new Map(meters.map((meter) => [meter, slotAt(meter, intervalMs, now - (rounds + 2) * intervalMs)]));
  const laidOut = new Map<string, Array<{ meter: SimulatedMeter; slot: number }>>();
  let offset = 0;
  for (const [phase, count] of Object.entries(phases)) {
    const list = [];
    for (let index = 0; index < count; index++) {
      const position = offset + index;
      const meter = meters[position % meters.length] as SimulatedMeter;
      list.push({ meter, slot: (firstSlot.get(meter) as number) + Math.floor(position / meters.length) });
    }
    // The next phase starts on whole rounds, so each meter's slots keep rising.
    offset += Math.ceil(count / meters.length) * meters.length;
    laidOut.set(phase, list);
  }
  return laidOut;
}
