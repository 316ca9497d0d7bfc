import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { readableOn } from '@olo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectStatusFieldsFragment } from '../../graphql/generated.ts';
import { formatLiveValue, liveSpaces } from '../live/liveSeries.ts';
import { ReadingAge } from '../live/ReadingAge.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { mainValues, newestReading, sparklinePath } from './projectStatus.ts';

/** The time now, again every 30 s, so that reading ages move on their own. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "n / m meters online" and the newest reading's age; "Offline" only when none of its meters reports. */
export function MetersOnline({
  state,
  newest,
  now,
}: {
  state: ProjectStatusFieldsFragment['state'];
  newest: string | null;
  now: number;
}) {
  const { t } = useTranslation();
  const offline = state.metersTotal > 0 && state.metersOnline === 0;
  return (
    <Group gap={6} wrap="wrap" data-testid="project-online" data-online={state.online}>
      {state.metersTotal === 0 ? (
        <Badge color="gray.7" variant="outline" tt="none">
          {t('No meters')}
        </Badge>
      ) : offline ? (
        <Badge color="gray.7" variant="filled" tt="none">
          {t('Offline')}
        </Badge>
      ) : (
        // Filled colours with text of 4.5:1 at least: teal.9 under white, yellow under dark (autoContrast).
        <Badge
          color={state.metersOnline === state.metersTotal ? 'teal.9' : 'yellow.5'}
          autoContrast
          variant="filled"
          tt="none"
        >
          {t('{{online}} / {{total}} meters online', { online: state.metersOnline, total: state.metersTotal })}
        </Badge>
      )}
      {newest && (
        <Text size="sm" data-testid="project-newest-reading">
          {t('Newest reading')} <ReadingAge time={newest} now={now} />
        </Text>
      )}
    </Group>
  );
}

const sparkWidth = 96;
const sparkHeight = 24;

function Sparkline({ trend, now }: { trend: ProjectStatusFieldsFragment['trends'][number]; now: number }) {
  const typeLabel = useMeasurementLabel();
  const { t } = useTranslation();
  const path = sparklinePath(trend.hours, trend.values, now, sparkWidth, sparkHeight);
  const label = typeLabel(trend.dataType);
  return (
    <Group gap={4} wrap="nowrap" data-testid="project-sparkline" data-type={trend.dataType}>
      <Text size="xs">{label}</Text>
      <svg
        width={sparkWidth}
        height={sparkHeight + 2}
        viewBox={`0 -1 ${sparkWidth} ${sparkHeight + 2}`}
        role="img"
        aria-label={t('{{type}}, last 24 hours', { type: label })}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" />
      </svg>
    </Group>
  );
}

/**
 * Is everything fine in a project: its spaces' newest main values coloured by their limits, its meters online, the
 * newest reading's age, its open alarms and the last 24 hours of its main types. Heads the dashboard's project card
 * and the project's overview tab, whose pages keep it live (useProjectsStatusLive).
 */
export function ProjectStatusStrip({ project }: { project: ProjectStatusFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  // The project's answer carries its values; useProjectsStatusLive's pushes replace them as they move.
  const spaces = useMemo(
    () => liveSpaces(project.spaces, project.series, project.seriesLatests),
    [project.spaces, project.series, project.seriesLatests],
  );
  const spacesWithValues = mainValues(spaces);
  return (
    <Stack gap="xs" data-testid="project-status">
      <Group gap="xs" wrap="wrap">
        <MetersOnline state={project.state} newest={newestReading(project.state.latestReadingAt, spaces)} now={now} />
        {project.alarmsTriggeredCount > 0 && (
          <Anchor component={Link} to={`/p/${project.id}/alarms`} underline="never" data-testid="project-open-alarms">
            <Badge color="red.9" tt="none" style={{ cursor: 'pointer' }}>
              {t('Alarms: {{number}}', { number: project.alarmsTriggeredCount })}
            </Badge>
          </Anchor>
        )}
      </Group>
      {spacesWithValues.length > 0 && (
        <ul aria-label={t('Newest values')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {spacesWithValues.map((space) => (
            <li key={space.id} data-testid="status-space">
              <Group gap={6} wrap="wrap" align="baseline">
                <Text size="sm" fw={500}>
                  {space.name}
                </Text>
                {space.values.map(({ series, band }) => (
                  <Text
                    key={series.id}
                    component="span"
                    size="sm"
                    data-testid="status-value"
                    data-series-id={series.id}
                    data-band-color={band ?? undefined}
                    title={series.name}
                    style={{
                      whiteSpace: 'nowrap',
                      padding: '0 6px',
                      borderRadius: 4,
                      ...(band
                        ? { color: readableOn(band, '#ffffff'), boxShadow: `inset 3px 0 0 ${band}`, fontWeight: 600 }
                        : {}),
                    }}
                  >
                    {formatLiveValue(series, i18n.language)}
                  </Text>
                ))}
              </Group>
            </li>
          ))}
        </ul>
      )}
      {project.trends.length > 0 && (
        <Group gap="md" wrap="wrap">
          {project.trends.map((trend) => (
            <Sparkline key={trend.dataType} trend={trend} now={now} />
          ))}
        </Group>
      )}
    </Stack>
  );
}
