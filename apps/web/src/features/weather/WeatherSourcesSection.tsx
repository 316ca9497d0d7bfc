import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  ProjectAddWeatherDocument,
  ProjectRemoveWeatherDocument,
  type ProjectWeatherSourceFragment,
  ProjectWeatherSourcesDocument,
} from '../../graphql/generated.ts';
import { errorText } from '../forms/errorText.ts';
import { useConfirmedAction } from '../forms/useShowError.ts';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { FormError } from '../ui/FormError.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import {
  backfillPollMs,
  formatCelsius,
  formatKm,
  isBackfilling,
  isWeatherStale,
  providerName,
} from './weatherSourceStatus.ts';

function WeatherSourceItem({ projectId, source }: { projectId: number; source: ProjectWeatherSourceFragment }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatDateTime('minute');
  const confirmed = useConfirmedAction();
  const [removeWeather, removing] = useMutation(ProjectRemoveWeatherDocument, {
    refetchQueries: [ProjectWeatherSourcesDocument],
    awaitRefetchQueries: true,
  });
  const { weather } = source;
  const distance = formatKm(source.distanceKm, i18n.language);
  const temperature = formatCelsius(weather.latestValue, i18n.language);
  const stale = isWeatherStale(weather);
  const percent = Math.round(Math.max(0, Math.min(1, source.backfillProgress)) * 100);

  const remove = () =>
    confirmed(
      t('Remove the weather source {{name}}? Its weather series and their values are deleted.', {
        name: weather.stationName,
      }),
      () => removeWeather({ variables: { projectId, weatherId: source.weatherId } }),
      t('Weather source removed.'),
    );

  return (
    <Paper withBorder p="sm" data-testid="weather-source">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="weather-source-name">
              {weather.stationName}
            </Text>
            <Badge variant="light">{providerName(weather.provider)}</Badge>
          </Group>
          {distance && (
            <Text size="sm" c="dimmed" data-testid="weather-source-distance">
              {t('Distance {{distance}}', { distance })}
            </Text>
          )}
          {temperature && weather.latestTime && (
            <Text size="sm" data-testid="weather-source-latest">
              {t('Outdoor temperature {{temperature}} ({{time}})', {
                temperature,
                time: formatTime(weather.latestTime),
              })}
            </Text>
          )}
          {stale && (
            <Text size="sm" c="red.8" data-testid="weather-source-stale">
              {weather.latestTime
                ? t('No data since {{time}}', { time: formatTime(weather.latestTime) })
                : t('No data yet')}
            </Text>
          )}
          {percent < 100 && (
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('Fetching past weather: {{percent}} %', { percent })}
              </Text>
              <Progress
                value={percent}
                aria-label={t('Past weather fetched of {{name}}', { name: weather.stationName })}
                data-testid="weather-source-progress"
              />
            </Stack>
          )}
        </Stack>
        <DeleteButton
          label={t('Remove the weather source {{name}}', { name: weather.stationName })}
          onClick={remove}
          loading={removing.loading}
          testId="weather-source-remove"
        >
          {t('Remove')}
        </DeleteButton>
      </Group>
    </Paper>
  );
}

/**
 * The project's weather sources for its admin: each one's station, distance, newest temperature and state, and adding
 * or removing one. Polls while a source still fetches the project's past weather.
 */
export function WeatherSourcesSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data, loading, error, startPolling, stopPolling } = useQuery(ProjectWeatherSourcesDocument, {
    variables: { id: projectId },
  });
  const project = data?.projectAdmin;
  const sources = project?.weathers ?? [];
  const backfilling = isBackfilling(sources);
  useEffect(() => {
    if (!backfilling) return;
    startPolling(backfillPollMs);
    return stopPolling;
  }, [backfilling, startPolling, stopPolling]);

  const [useOpenMeteo, setUseOpenMeteo] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [addWeather, adding] = useMutation(ProjectAddWeatherDocument, {
    refetchQueries: [ProjectWeatherSourcesDocument],
    awaitRefetchQueries: true,
  });
  const located = project ? project.latitude != null && project.longitude != null : false;

  const add = async () => {
    setAddError(null);
    try {
      await addWeather({ variables: { projectId, provider: useOpenMeteo ? 'open-meteo' : null } });
      toast.success(t('Weather source added.'));
    } catch (failure) {
      setAddError(errorText(failure, t));
    }
  };

  return (
    <QueryState loading={loading} error={error} data={project}>
      <Stack data-testid="weather-sources">
        {sources.length === 0 && <Text c="dimmed">{t('The project has no weather source yet.')}</Text>}
        {sources.map((source) => (
          <WeatherSourceItem key={source.weatherId} projectId={projectId} source={source} />
        ))}
        {!located && (
          <Alert color="blue" data-testid="weather-no-location">
            {t(
              'Weather needs the location of the project: give its latitude and longitude in the project information.',
            )}{' '}
            <Anchor component={Link} to={`/p/${projectId}/edit/info#project-location`}>
              {t('Set the location')}
            </Anchor>
          </Alert>
        )}
        <FormError message={addError} />
        <Stack gap="xs" align="flex-start">
          <Checkbox
            label={t('Use Open-Meteo instead of the nearest FMI station')}
            description={t('By default the nearest FMI station within 50 km, else Open-Meteo.')}
            checked={useOpenMeteo}
            onChange={(event) => setUseOpenMeteo(event.currentTarget.checked)}
            data-testid="weather-use-open-meteo"
          />
          <Button onClick={add} loading={adding.loading} disabled={!located} data-testid="weather-add">
            {t('Add weather')}
          </Button>
        </Stack>
      </Stack>
    </QueryState>
  );
}
