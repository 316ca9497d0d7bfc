import { useQuery } from '@apollo/client/react';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type DataProject, defaultRange, type TimeRange } from '@olo/data-engine';
import { formatDateRange } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IndoorClimateClassificationDocument } from '../../graphql/generated.ts';
import { ClassificationHeatMap, ClassificationTable } from './ClassificationTable.tsx';

/**
 * The summary's indoor climate classification over its first period's range (the default range while none is
 * picked): the table of spaces and the weekday × hour map of their worst hours (decision 0193).
 */
export function ClassificationSection({ project, range }: { project: DataProject; range: TimeRange | null }) {
  const { t, i18n } = useTranslation();
  const { projectId, latestDataTime, defaultSelect, startAt, timeZone } = project;
  const shown = useMemo(
    () => range ?? defaultRange({ latestDataTime, defaultSelect, startAt, timeZone, now: Date.now() }),
    [range, latestDataTime, defaultSelect, startAt, timeZone],
  );
  const query = useQuery(IndoorClimateClassificationDocument, {
    variables: { projectId, from: new Date(shown.from).toISOString(), to: new Date(shown.to).toISOString() },
  });
  const classification = query.data?.indoorClimateClassification;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby="classification-title"
      data-testid="classification-section"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="classification-title">
          {t('Indoor climate classification')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(
            'Sisäilmastoluokitus 2018: a class is achieved when its target holds for {{share}} of the occupied time ({{range}}). Time without data counts as outside.',
            {
              share: '95 %',
              range: formatDateRange(new Date(shown.from), new Date(shown.to), i18n.language, { timeZone }),
            },
          )}
        </Text>
        {query.error && <Text c="red.8">{t(query.error.message)}</Text>}
        {!classification && !query.error && <Loader size="sm" aria-label={t('Loading')} />}
        {classification && (
          <>
            <ClassificationTable classification={classification} />
            {classification.rows.length > 0 && (
              <ClassificationHeatMap rows={classification.rows} heatMapClass={classification.heatMapClass} />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
