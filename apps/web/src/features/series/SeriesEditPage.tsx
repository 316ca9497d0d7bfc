import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createSeriesInput } from '@olo/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateSeriesDocument,
  MoveSeriesDatasourcesDocument,
  SeriesEditDocument,
  SeriesEditMetersDocument,
} from '../../graphql/generated.ts';
import { DirtyFormsProvider, useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useEditedProject } from '../project-edit/EditLayout.tsx';
import { RecalculationProgress } from '../recalculation/RecalculationProgress.tsx';
import { DateTimeField } from '../ui/DateField.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { type PageTab, PageTabs } from '../ui/PageTabs.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { RequiredSelect } from '../ui/RequiredSelect.tsx';
import { Section } from '../ui/Section.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { AddMeterForm } from './AddMeterForm.tsx';
import { SeriesFields, SeriesItem } from './SeriesItem.tsx';
import {
  refetchSeries,
  SeriesEditContext,
  type SeriesEditProject,
  type SeriesEditSerie,
  type SeriesEditState,
  useSeriesEdit,
} from './seriesEditContext.ts';
import {
  createSeriesSchema,
  createSeriesValues,
  type MoveValues,
  moveSchema,
  moveValues,
  newSeriesValues,
  type SeriesValues,
} from './seriesEditSchemas.ts';

interface SeriesGroup {
  key: string;
  name: string;
  series: SeriesEditSerie[];
}

/** The project's series by space (spaces by name), and those of no space (or of a space now gone) last. */
function useSeriesGroups(project: SeriesEditProject): SeriesGroup[] {
  const { t } = useTranslation();
  const spaceIds = new Set(project.spaces.map((space) => space.id));
  return [
    ...project.spaces.map((space) => ({
      key: `space-${space.id}`,
      name: space.name,
      series: project.series.filter((serie) => serie.spaceId === space.id),
    })),
    {
      key: 'no-space',
      name: t('Without a space'),
      series: project.series.filter((serie) => serie.spaceId === null || !spaceIds.has(serie.spaceId)),
    },
  ];
}

function NewSeriesForm() {
  const { t } = useTranslation();
  const { project } = useSeriesEdit();
  const [createSeries, { loading }] = useMutation(CreateSeriesDocument, refetchSeries(project.id));
  const { form, inputProps, generalError, onSave } = useSchemaForm<SeriesValues>({
    initialValues: newSeriesValues(null),
    schema: createSeriesSchema(project.id),
  });
  useDirtyForm('new-series', form.isDirty());

  const submit = onSave(
    (values) => {
      const input = createSeriesInput.parse(createSeriesValues(project.id, values));
      return createSeries({
        variables: {
          input: {
            projectId: input.projectId,
            name: input.name,
            dataType: input.dataType,
            dataUnit: input.dataUnit,
            spaceId: input.spaceId ?? null,
          },
        },
      });
    },
    () => toast.success(t('Series added.')),
    'reset',
  );

  return (
    <FormStack onSubmit={submit} label={t('New series')} error={generalError} testId="new-series-form">
      <SeriesFields form={form} inputProps={inputProps} />
      <FormButtons loading={loading} submitLabel={t('Add series')} />
    </FormStack>
  );
}

function MoveDatasourcesForm({ groups }: { groups: SeriesGroup[] }) {
  const { t } = useTranslation();
  const { project, selected, clearSelected } = useSeriesEdit();
  const typeLabel = useMeasurementLabel();
  const [moveDatasources, { loading }] = useMutation(MoveSeriesDatasourcesDocument, refetchSeries(project.id));
  const { form, inputProps, generalError, onSave } = useSchemaForm<MoveValues>({
    initialValues: { seriesId: '', at: '' },
    schema: moveSchema,
  });
  useDirtyForm('move-datasources', form.isDirty());
  const targets = groups
    .filter((group) => group.series.length > 0)
    .map((group) => ({
      group: group.name,
      items: group.series.map((serie) => ({
        value: String(serie.id),
        label: `${serie.name} (${typeLabel(serie.dataType)})`,
      })),
    }));

  const submit = onSave(
    async (values) => {
      const { seriesId, at } = moveValues(values, project.timeZone);
      const ids = [...selected];
      await moveDatasources({ variables: { ids, seriesId, at: at?.toISOString() ?? null } });
      return ids.length;
    },
    (moved) => {
      clearSelected();
      toast.success(t('Datasources moved: {{number}}.', { number: moved }));
    },
    'reset',
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('Move datasources')} data-testid="move-datasources-form">
      <Stack gap="xs">
        <Text size="sm">
          {selected.size === 0
            ? t('Choose the datasources to move with their checkboxes.')
            : t('Datasources chosen: {{number}}.', { number: selected.size })}
        </Text>
        <FormError message={generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RequiredSelect label={t('Target series')} data={targets} field={inputProps('seriesId')} />
          <DateTimeField
            label={t('From')}
            description={t(
              'In the project time zone. The datasources end at this time and go on in the target series; empty: they move whole.',
            )}
            {...inputProps('at')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={loading} disabled={selected.size === 0}>
            {t('Move datasources')}
          </Button>
          {selected.size > 0 && (
            <Button variant="default" onClick={clearSelected}>
              {t('Clear the choice')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function SeriesEditor({ project }: { project: SeriesEditProject }) {
  const { t } = useTranslation();
  const metersQuery = useQuery(SeriesEditMetersDocument);
  const [selected, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const setSelected = useCallback((id: number, on: boolean) => {
    setSelectedIds((previous) => {
      if (previous.has(id) === on) return previous;
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const clearSelected = useCallback(() => setSelectedIds(new Set()), []);
  const meters = metersQuery.data?.meters;
  const state = useMemo<SeriesEditState>(
    () => ({
      project,
      meters: meters ?? [],
      meterById: new Map((meters ?? []).map((meter) => [meter.id, meter])),
      selected,
      setSelected,
      clearSelected,
    }),
    [project, meters, selected, setSelected, clearSelected],
  );
  const groups = useSeriesGroups(project);

  // The list and moving its datasources work together (the move takes the rows chosen in the list); creating a series
  // and adding a meter are tasks of their own (decision 0093).
  const tabs: PageTab[] = [
    {
      value: 'series',
      label: t('Series'),
      content: (
        <Stack>
          <Section
            id="series"
            title={t('Series')}
            description={t(
              'The measured quantities of the project by space. Meter channels feed each series through its datasources.',
            )}
          >
            <Stack data-testid="series-groups">
              {groups.map((group) =>
                group.key === 'no-space' && group.series.length === 0 ? null : (
                  <Stack
                    key={group.key}
                    gap="xs"
                    component="section"
                    aria-label={group.name}
                    data-testid="series-group"
                  >
                    <Title order={3} size="h4">
                      {group.name}
                    </Title>
                    {group.series.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('No series in this space.')}
                      </Text>
                    ) : (
                      group.series.map((serie) => <SeriesItem key={serie.id} serie={serie} />)
                    )}
                  </Stack>
                ),
              )}
              {project.series.length === 0 && project.spaces.length === 0 && (
                <Text c="dimmed">{t('The project has no series yet.')}</Text>
              )}
            </Stack>
          </Section>
          <Section
            id="move-datasources"
            title={t('Move datasources')}
            description={t('Moves datasources to another series, whole or from a given time on.')}
          >
            <Paper withBorder p="sm">
              <MoveDatasourcesForm groups={groups} />
            </Paper>
          </Section>
        </Stack>
      ),
    },
    {
      value: 'new',
      label: t('New series'),
      content: (
        <Section id="new-series" title={t('New series')}>
          <NewSeriesForm />
        </Section>
      ),
    },
    {
      value: 'add-meter',
      label: t('Add meter'),
      content: (
        <Section
          id="add-meter"
          title={t('Add meter')}
          description={t('Makes a series of each channel the meter measures, in the chosen space.')}
        >
          <AddMeterForm />
        </Section>
      ),
    },
  ];

  return (
    <SeriesEditContext.Provider value={state}>
      <Stack>
        <RecalculationProgress projectId={project.id} />
        <PageTabs tabs={tabs} label={t('Series tasks')} testId="series-tabs" />
      </Stack>
    </SeriesEditContext.Provider>
  );
}

/**
 * /p/:projectId/edit/series: the project's spaces, series and datasources. EditLayout lets only those who may manage
 * series this far (decision 0061).
 */
export function SeriesEditPage() {
  const edited = useEditedProject();
  const { data, loading, error } = useQuery(SeriesEditDocument, { variables: { id: edited.id } });
  const project = data?.projectAdmin;
  return (
    <QueryState loading={loading} error={error} data={project}>
      {project && (
        <DirtyFormsProvider key={project.id}>
          <SeriesEditor project={project} />
        </DirtyFormsProvider>
      )}
    </QueryState>
  );
}
