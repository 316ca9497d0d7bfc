import { useQuery } from '@apollo/client/react';
import { Select, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectWeatherSourcesDocument } from '../../graphql/generated.ts';
import { useDisplayName } from '../limits/useDisplayName.ts';
import { selectProps } from '../ui/RequiredSelect.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { type SpaceWeatherValues, weatherDataTypes } from './spaceWeatherForm.ts';

type FieldProps = ReturnType<UseFormReturnType<SpaceWeatherValues>['getInputProps']> & { error?: string };

/**
 * A space's weather in its edit form: whether the space shows weather beside it, from which of the project's sources,
 * which weather type (the measurement types of that source's series) and optionally the limit that colours it.
 */
export function SpaceWeatherFields({
  projectId,
  spaceName,
  form,
  inputProps,
}: {
  projectId: number;
  spaceName: string;
  form: UseFormReturnType<SpaceWeatherValues>;
  inputProps: (path: 'weatherId' | 'weatherDatatype' | 'weatherLimit') => FieldProps;
}) {
  const { t } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const limitName = useDisplayName();
  const { data } = useQuery(ProjectWeatherSourcesDocument, { variables: { id: projectId } });
  const project = data?.projectAdmin;
  const sources = project?.weathers ?? [];
  const values = form.getValues();
  const sourceId = values.weatherId ? Number(values.weatherId) : null;
  const types = sourceId === null ? [] : weatherDataTypes(project?.series ?? [], sourceId);
  const limits = (project?.limits ?? []).filter((limit) => limit.dataType === values.weatherDatatype);

  // The only source is the one to use, outdoor temperature the first type to show; a type the chosen source does not
  // have is none.
  const onlySource = sources.length === 1 ? String(sources[0]?.weatherId) : null;
  useEffect(() => {
    if (!values.weather) return;
    if (!values.weatherId && onlySource) form.setFieldValue('weatherId', onlySource);
  }, [values.weather, values.weatherId, onlySource, form]);
  const typesKey = types.join('|');
  useEffect(() => {
    if (!values.weather || typesKey === '') return;
    const available = typesKey.split('|');
    if (!available.includes(values.weatherDatatype)) {
      form.setFieldValue('weatherDatatype', available[0] ?? '');
      form.setFieldValue('weatherLimit', '');
    }
  }, [values.weather, values.weatherDatatype, typesKey, form]);

  return (
    <Stack gap="xs" data-testid="space-weather-fields">
      <Switch
        label={t('Show weather beside the space')}
        aria-label={t('Show weather beside the space {{name}}', { name: spaceName })}
        disabled={sources.length === 0 && !values.weather}
        {...form.getInputProps('weather', { type: 'checkbox' })}
      />
      {sources.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Add a weather source to the project first (the Weather tab).')}
        </Text>
      )}
      {values.weather && (
        <>
          {sources.length > 1 && (
            <Select
              label={t('Weather source')}
              withAsterisk
              data={sources.map((source) => ({
                value: String(source.weatherId),
                label: source.weather.stationName,
              }))}
              {...selectProps(inputProps('weatherId'))}
            />
          )}
          <Select
            label={t('Weather type')}
            withAsterisk
            data={types.map((type) => ({ value: type, label: typeLabel(type) }))}
            {...selectProps(inputProps('weatherDatatype'))}
          />
          <Select
            label={t('Limit')}
            description={t('Colours the weather value; optional')}
            clearable
            placeholder={t('None')}
            data={limits.map((limit) => ({ value: String(limit.id), label: limitName(limit) }))}
            {...selectProps(inputProps('weatherLimit'))}
          />
        </>
      )}
    </Stack>
  );
}
