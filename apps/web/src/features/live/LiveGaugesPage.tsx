import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LiveGauge } from './LiveGauge.tsx';
import { LiveProjectData } from './LiveProjectData.tsx';
import type { LiveSpace } from './liveSeries.ts';

function SpaceGauges({ space, now }: { space: LiveSpace; now: number }) {
  const { t } = useTranslation();
  const headingId = `live-space-${space.id}`;
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId} data-testid="live-space">
      <Title order={2} size="h3" id={headingId}>
        {space.name}
      </Title>
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

/** /p/:projectId/live: a gauge per series, grouped by space, following new values as the server pushes them. */
export function LiveGaugesPage() {
  return (
    <LiveProjectData>
      {(spaces, now) => (
        <Stack gap="lg" data-testid="live-gauges">
          {spaces.map((space) => (
            <SpaceGauges key={space.id} space={space} now={now} />
          ))}
        </Stack>
      )}
    </LiveProjectData>
  );
}
