import { formatMeasurement, unitLabel } from '@olo/shared';
import { unitOfType } from './ruleText.ts';

interface NamedSpace {
  id: number;
  name: string;
}

interface LabelledSeries {
  name: string;
  dataType: string;
  dataUnit?: string | null;
  spaceId: number | null;
}

/** "Luokka 201 › Hiilidioksidi": the series with its space, as alarm lists name it. */
export function seriesLabel(series: LabelledSeries | null | undefined, spaces: readonly NamedSpace[]): string {
  if (!series) return '-';
  const space = spaces.find((item) => item.id === series.spaceId);
  return space ? `${space.name} › ${series.name}` : series.name;
}

/** A value with its series' unit, rounded as the type is shown everywhere; '-' when there is none. */
export function valueText(value: number | null | undefined, series: LabelledSeries | null | undefined, locale: string) {
  const text = formatMeasurement(value, series?.dataType, locale);
  const unit = series?.dataUnit || unitOfType(series?.dataType);
  return text === '-' || !unit ? text : `${text} ${unitLabel(unit, locale)}`;
}

/** Unacknowledged first, then newest first (spec §4), as the server orders them; kept after a local acknowledge. */
export function compareTriggered(
  a: { acknowledged: boolean; time: string },
  b: { acknowledged: boolean; time: string },
): number {
  if (a.acknowledged !== b.acknowledged) return a.acknowledged ? 1 : -1;
  return Date.parse(b.time) - Date.parse(a.time);
}
