import { quickRanges, type TimeRange } from '@olo/data-engine';
import { isValidSlotSeconds } from '@olo/shared';
import type { GroupBy } from '../data-slots/chartGroups.ts';
import { rangeOfDays, wallDayInput } from '../data-slots/wallTime.ts';

/**
 * What of the summary the address keeps (decision 0156): the first period's range, as a quick range's name
 * (`?range=lastMonth`, which means last month whenever the link is opened) or as days of the project's wall clock
 * (`?from=2026-09-01&to=2026-09-30`); its slot length when one is chosen; the grouping when it is by type. Nothing
 * for the default range, so a plain link follows the latest data as before.
 */
export interface SummaryAddress {
  range: TimeRange | null;
  slotSeconds: number | null;
  groupBy: GroupBy;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The summary state a query string asks for; anything malformed is left at its default. */
export function addressOfQuery(query: URLSearchParams, timeZone: string, now: number): SummaryAddress {
  const named = query.get('range');
  const quick = named ? quickRanges(now, timeZone).find((item) => item.id === named) : undefined;
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  const days = dayPattern.test(from) && dayPattern.test(to) ? rangeOfDays(from, to, timeZone) : null;
  const slot = Number(query.get('slot'));
  return {
    range: quick?.range ?? days,
    slotSeconds: query.has('slot') && isValidSlotSeconds(slot) ? slot : null,
    groupBy: query.get('by') === 'type' ? 'type' : 'space',
  };
}

/** The query string's parameters for a summary state; other parameters of `query` are kept. */
export function queryOfAddress(
  address: SummaryAddress,
  timeZone: string,
  now: number,
  query: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const key of ['range', 'from', 'to', 'slot', 'by']) next.delete(key);
  const { range } = address;
  if (range) {
    const quick = quickRanges(now, timeZone).find(
      (item) => item.range.from === range.from && item.range.to === range.to,
    );
    if (quick) next.set('range', quick.id);
    else {
      next.set('from', wallDayInput(range.from, timeZone));
      next.set('to', wallDayInput(range.to, timeZone));
    }
  }
  if (address.slotSeconds !== null) next.set('slot', String(address.slotSeconds));
  if (address.groupBy === 'type') next.set('by', 'type');
  return next;
}
