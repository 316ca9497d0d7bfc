import { Stack } from '@mantine/core';
import type { DataResult } from '@olo/data-engine';
import { seriesDryingTargets } from '@olo/shared';
import { type ChartGroup, type SeriesLooks, seriesUnit } from '../data-slots/chartGroups.ts';
import { DryingForecastView } from './DryingForecastView.tsx';

/**
 * Under the summary's graphs: the drying forecast of each structure-moisture series drawn, fitted to the last two
 * weeks of the viewed range, as a graph with the fit dashed on past the readings and its interval, and in words.
 */
export function SummaryDryingForecasts({
  result,
  groups,
  looks,
  timeZone,
}: {
  result: DataResult;
  groups: readonly ChartGroup[];
  looks: SeriesLooks;
  timeZone: string;
}) {
  const drawn = groups.flatMap((group) =>
    group.lines.flatMap((line) => {
      const targets = seriesDryingTargets(line.dataType, looks.get(line.seriesId)?.limit);
      const item = result.series.find((one) => one.series.id === line.seriesId);
      return targets.length > 0 && item ? [{ group, line, item, targets }] : [];
    }),
  );
  if (drawn.length === 0) return null;
  return (
    <Stack gap="md" data-testid="summary-drying-forecasts">
      {drawn.map(({ group, line, item, targets }) => (
        <DryingForecastView
          key={line.seriesId}
          series={{
            id: line.seriesId,
            name: item.series.name,
            dataType: line.dataType,
            unit: seriesUnit(item.series),
            color: line.color,
            targets,
          }}
          points={item.points}
          timeZone={timeZone}
          heading={group.title.includes(item.series.name) ? group.title : `${group.title} · ${item.series.name}`}
        />
      ))}
    </Stack>
  );
}
