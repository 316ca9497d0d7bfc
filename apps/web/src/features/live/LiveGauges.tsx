import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LiveSpaceWeather } from '../weather/LiveSpaceWeather.tsx';
import { LiveGauge } from './LiveGauge.tsx';
import type { LiveSpace } from './liveSeries.ts';

function SpaceGauges({ space, now, headingOrder }: { space: LiveSpace; now: number; headingOrder: 2 | 3 }) {
  const { t } = useTranslation();
  const headingId = `live-space-${space.id}`;
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId} data-testid="live-space">
      <Title order={headingOrder} size="h3" id={headingId}>
        {space.name}
      </Title>
      <LiveSpaceWeather space={space} />
      {space.series.length === 0 ? (
        <Text c="dimmed">{t('No series in this space.')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4, lg: 5 }} spacing="sm">
          {space.series.map((series) => (
            <LiveGauge key={series.id} series={series} now={now} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * A gauge per series, grouped by space, from plain data (`liveSpaces`): the member page `/p/:projectId/live` and the
 * public project page both draw with it. It links nowhere, so it fits a read-only page.
 */
export function LiveGauges({
  spaces,
  now,
  headingOrder = 2,
}: {
  spaces: LiveSpace[];
  now: number;
  /** Level of the space headings: 2 on a page of its own, 3 inside a section. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Stack gap="lg" data-testid="live-gauges">
      {spaces.map((space) => (
        <SpaceGauges key={space.id} space={space} now={now} headingOrder={headingOrder} />
      ))}
    </Stack>
  );
}
