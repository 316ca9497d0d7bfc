import crypto from 'node:crypto';
import {
  type DataPeriod,
  findWeatherChannel,
  formatDataPeriod,
  measurementUnits,
  periodEnded,
  periodSettleMs,
  periodSlots,
  timeZoneSchema,
} from '@olo/shared';
import { z } from 'zod';
import type { ViewerAccess } from '../access/access.policy.ts';
import { dataPeriodField, slotSecondsField } from '../data/data.schema.ts';
import type { ProjectDataAnswer } from '../data/data.service.ts';
import type { WeatherRepository } from './weather.repository.ts';
import type { WeatherService } from './weather.service.ts';

/** `GET /api/weather/{weatherId}/{period}?slot=&tz=`: the data API's period, slot and time zone rules. */
export const weatherDataRequestSchema = z.object({
  weatherId: z.coerce.number().int().positive().max(2_147_483_647),
  period: dataPeriodField,
  slot: slotSecondsField.default(600),
  tz: timeZoneSchema.default('Europe/Helsinki'),
});
export type WeatherDataRequest = z.output<typeof weatherDataRequestSchema>;

/** The body: per slot start (epoch seconds), per channel, [sum, min, max, count], as the data API's. */
export interface WeatherDataBody {
  weatherId: number;
  name: string;
  period: string;
  timeZone: string;
  slotSeconds: number;
  channels: Array<{ channel: string; dataType: string; dataUnit: string }>;
  data: Record<string, Record<string, [number, number, number, number]>>;
}

/** Which slot of `starts` (ascending, epoch s) holds `time`: the last start at or before it. */
function slotOf(starts: readonly number[], time: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((starts[middle] as number) <= time) low = middle;
    else high = middle - 1;
  }
  return starts[low] as number;
}

/**
 * A source's observations over a period in slots, for a viewer who may see the source. A period that ended two days
 * ago (periodSettleMs) and that no backfill still fills is answered as immutable; others as changing.
 */
export class WeatherDataService {
  constructor(private readonly deps: { repository: WeatherRepository; service: WeatherService; now?: () => number }) {}

  async periodData(access: ViewerAccess, request: WeatherDataRequest): Promise<ProjectDataAnswer> {
    const deps = this.deps;
    const weather = await deps.service.findViewable(access, request.weatherId);
    const shared = (await deps.repository.projectsOf(weather.id)).some((project) => project.publiclyShown);
    const slots = periodSlots(request.period, request.tz, request.slot);
    const from = new Date(slots.from * 1000);
    const to = new Date(slots.to * 1000);
    const [rows, pending] = await Promise.all([
      deps.repository.observations(weather.id, from, to),
      deps.repository.backfillPending(weather.id, from, to),
    ]);
    const data: WeatherDataBody['data'] = {};
    const channels = new Set<string>();
    for (const row of rows) {
      const slot = String(slotOf(slots.starts, row.time.getTime() / 1000));
      const values = data[slot] ?? {};
      data[slot] = values;
      const known = values[row.channel];
      channels.add(row.channel);
      if (known) {
        known[0] += row.value;
        known[1] = Math.min(known[1], row.value);
        known[2] = Math.max(known[2], row.value);
        known[3] += 1;
      } else values[row.channel] = [row.value, row.value, row.value, 1];
    }
    const body: WeatherDataBody = {
      weatherId: weather.id,
      name: `Weather - ${weather.name}`,
      period: formatDataPeriod(request.period as DataPeriod),
      timeZone: request.tz,
      slotSeconds: request.slot,
      channels: [...channels].sort().map((channel) => {
        const type = findWeatherChannel(channel)?.dataType;
        return { channel, dataType: type ?? channel, dataUnit: type ? measurementUnits[type] : '' };
      }),
      data,
    };
    const text = JSON.stringify(body);
    const now = deps.now?.() ?? Date.now();
    const immutable = !pending && periodEnded(request.period, request.tz, now - periodSettleMs);
    const etag = `"${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    return { body: text, etag, caching: { immutable, shared }, compressed: {} };
  }
}
