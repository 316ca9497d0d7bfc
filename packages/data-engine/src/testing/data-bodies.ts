import { formatDataPeriod, parseDataPeriod, periodSlots } from '@olo/shared';
import type { DataSeries, DataSpace, ProjectDataBody, SlotAggregate } from '../data-body.ts';

export const testSpaces: DataSpace[] = [{ id: 1, name: 'Luokka 101', show: true }];

export const testSeries: DataSeries[] = [
  {
    id: 11,
    name: 'Lämpötila',
    spaceId: 1,
    dataType: 'Temperature',
    dataUnit: '°C',
    dataName: 'temperature',
    colorId: null,
    limitId: null,
  },
  { id: 12, name: 'CO2', spaceId: 1, dataType: 'CO2', dataUnit: 'ppm', dataName: 'co2', colorId: 3, limitId: 2 },
];

/** The aggregate of a slot with readings `values`. */
export function aggregateOf(values: readonly number[]): SlotAggregate {
  return [values.reduce((sum, value) => sum + value, 0), Math.min(...values), Math.max(...values), values.length];
}

/**
 * A body as the data API builds it (apps/server/src/modules/data/data.service.ts): the period's
 * slots from the same shared rules, and the aggregates that `values` gives per slot start (epoch s)
 * and series; null leaves the slot out for that series, as the server does.
 */
export function bodyOf(options: {
  projectId: number;
  period: string;
  dataId: string;
  slotSeconds: number;
  timeZone: string;
  series?: DataSeries[];
  spaces?: DataSpace[];
  values?: (slotStart: number, seriesId: number) => SlotAggregate | null;
}): ProjectDataBody {
  const period = parseDataPeriod(options.period);
  if (!period) throw new Error(`bad period ${options.period}`);
  const slots = periodSlots(period, options.timeZone, options.slotSeconds);
  const series = options.series ?? testSeries;
  const data: ProjectDataBody['data'] = {};
  for (const start of slots.starts) {
    for (const item of series) {
      const aggregate = options.values?.(start, item.id) ?? null;
      if (!aggregate) continue;
      const slot = data[String(start)] ?? {};
      data[String(start)] = slot;
      slot[String(item.id)] = aggregate;
    }
  }
  return {
    projectId: options.projectId,
    period: formatDataPeriod(period),
    dataId: options.dataId,
    slotSeconds: options.slotSeconds,
    timeZone: options.timeZone,
    from: slots.from,
    to: slots.to,
    slots: slots.starts,
    spaces: options.spaces ?? testSpaces,
    series,
    data,
  };
}

/** A steady made-up signal: each series a level of its own plus the local-ish hour of the slot, three readings a slot. */
export function steadyValues(slotStart: number, seriesId: number): SlotAggregate {
  const level = seriesId === 12 ? 600 : 20;
  const hour = Math.floor(slotStart / 3600) % 24;
  return aggregateOf([level + hour - 1, level + hour, level + hour + 1]);
}
