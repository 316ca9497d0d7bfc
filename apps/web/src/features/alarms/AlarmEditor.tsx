import { skipToken, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Checkbox,
  Group,
  List,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { alarmBounds } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  type AlarmFieldsFragment,
  AlarmPreviewDocument,
  type AlarmPreviewInput,
  CreateAlarmDocument,
  CreateAlarmsActionDocument,
  CreateAlarmsSeriesDocument,
  DeleteAlarmsActionDocument,
  DeleteAlarmsSeriesDocument,
  ProjectAlarmsDocument,
  type ProjectAlarmsQuery,
  UpdateAlarmDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { errorText } from '../forms/errorText.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { useMeasurementLabel, useUnitLabel } from '../ui/useMeasurementLabel.ts';
import { seriesLabel, valueText } from './alarmDisplay.ts';
import {
  type AlarmFormValues,
  alarmFormSchema,
  followedLimitNames,
  newAlarmValues,
  ruleIssues,
  ruleOfValues,
  seriesLimitsOf,
  valuesForText,
  valuesOfAlarm,
} from './alarmForm.ts';
import { RecipientFields } from './RecipientFields.tsx';
import { type AlarmForm, DurationField, RangeRuleFields } from './RuleFields.tsx';
import { recipientInput } from './recipientForm.ts';
import { ruleSummary } from './ruleText.ts';

export type AlarmsProject = ProjectAlarmsQuery['project'];

/** How long the rule must stay unchanged before the preview asks the server again. */
const previewDebounceMs = 600;
/** Episodes of the preview listed; the count covers them all. */
const previewListed = 50;

type Form = AlarmForm;

/** The series the alarm may watch, grouped by space, filtered by measurement type; chosen ones stay shown. */
function SeriesPicker({ form, project }: { form: Form; project: AlarmsProject }) {
  const { t } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const unitText = useUnitLabel();
  const values = form.form.getValues();
  const types = [...new Set(project.series.map((serie) => serie.dataType))].sort();
  const chosen = new Set(values.seriesIds);
  const shown = project.series.filter(
    (serie) => !values.dataType || serie.dataType === values.dataType || chosen.has(String(serie.id)),
  );
  const spaceIds = new Set(project.spaces.map((space) => space.id));
  const groups = [
    ...project.spaces.map((space) => ({
      key: String(space.id),
      name: space.name,
      series: shown.filter((s) => s.spaceId === space.id),
    })),
    {
      key: 'none',
      name: t('Without a space'),
      series: shown.filter((serie) => serie.spaceId === null || !spaceIds.has(serie.spaceId)),
    },
  ].filter((group) => group.series.length > 0);

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('Measurement type')}
        description={t('Shows only series of this type; the alarm is about this type.')}
        data={[{ value: '', label: t('All types') }, ...types.map((type) => ({ value: type, label: typeLabel(type) }))]}
        {...form.form.getInputProps('dataType')}
      />
      <Checkbox.Group label={t('Watched series')} {...form.form.getInputProps('seriesIds')}>
        <Stack gap="xs" mt="xs" data-testid="alarm-series-picker">
          {groups.length === 0 && <Text c="dimmed">{t('The project has no series of this type.')}</Text>}
          {groups.map((group) => (
            <div key={group.key}>
              <Text fw={500} size="sm">
                {group.name}
              </Text>
              <Group gap="md">
                {group.series.map((serie) => (
                  <Checkbox
                    key={serie.id}
                    value={String(serie.id)}
                    label={`${serie.name} (${unitText(serie.dataUnit) || typeLabel(serie.dataType)})`}
                  />
                ))}
              </Group>
            </div>
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

/**
 * When the rule would have fired over the last 30 days of the chosen series, asked again once the rule has stayed
 * unchanged for a moment (a valid rule on at least one series only).
 */
function AlarmPreview({ project, input }: { project: AlarmsProject; input: AlarmPreviewInput | null }) {
  const { t, i18n } = useTranslation();
  // The project's wall clock (its DisplayTimeZone, ProjectLayout), to the minute as alarm times are shown everywhere.
  const formatTime = useFormatDateTime('minute');
  const [debounced] = useDebouncedValue(input ? JSON.stringify(input) : null, previewDebounceMs);
  const { data, previousData, loading, error } = useQuery(
    AlarmPreviewDocument,
    debounced ? { variables: { input: JSON.parse(debounced) as AlarmPreviewInput } } : skipToken,
  );
  const locale = i18n.language;
  if (!input) {
    return (
      <Text size="sm" c="dimmed" data-testid="alarm-preview">
        {t('Choose series and a valid rule to see how often the alarm would have fired.')}
      </Text>
    );
  }
  const episodes = (data ?? previousData)?.alarmPreview;
  const seriesById = new Map(project.series.map((serie) => [serie.id, serie]));
  return (
    <Stack gap="xs" data-testid="alarm-preview">
      {error && !loading ? (
        <Alert color="red">{errorText(error, t)}</Alert>
      ) : episodes ? (
        <Group gap="xs">
          <Text fw={500} data-testid="alarm-preview-count">
            {t('Would have fired {{number}} times in the last {{days}} days.', {
              number: episodes.length,
              days: alarmBounds.previewDays,
            })}
          </Text>
          {loading && <Loader size="xs" aria-label={t('Loading')} />}
        </Group>
      ) : (
        <Loader size="sm" aria-label={t('Loading')} />
      )}
      {episodes && episodes.length > 0 && (
        <List size="sm" data-testid="alarm-preview-episodes">
          {episodes.slice(0, previewListed).map((episode) => {
            const serie = seriesById.get(episode.seriesId);
            const ended = episode.endAt ? t('ended {{time}}', { time: formatTime(episode.endAt) }) : t('ongoing');
            return (
              <List.Item key={`${episode.seriesId}-${episode.time}`}>
                {seriesLabel(serie, project.spaces)}: {formatTime(episode.time)}, {ended}
                {episode.peak !== null && `, ${t('peak {{value}}', { value: valueText(episode.peak, serie, locale) })}`}
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}

/** Creates an alarm, or edits one: its rule as a whole, and the watched series one link at a time. */
export function AlarmEditor({
  project,
  alarm,
  onDone,
}: {
  project: AlarmsProject;
  alarm?: AlarmFieldsFragment;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const seriesTypes = useMemo(() => new Map(project.series.map((serie) => [serie.id, serie.dataType])), [project]);
  const seriesLimits = useMemo(() => seriesLimitsOf(project.series, i18n.language), [project, i18n.language]);
  const form = useSchemaForm<AlarmFormValues>({
    initialValues: alarm ? valuesOfAlarm(alarm) : newAlarmValues(),
    schema: alarmFormSchema(seriesTypes),
  });
  const markSaved = useDirtyForm('alarm-editor', form.form.isDirty());
  const refetchQueries = [{ query: ProjectAlarmsDocument, variables: { projectId: project.id } }];
  const client = useApolloClient();
  const [createAlarm, creating] = useMutation(CreateAlarmDocument, { refetchQueries });
  const [updateAlarm, updating] = useMutation(UpdateAlarmDocument);
  const [linkSeries] = useMutation(CreateAlarmsSeriesDocument);
  const [unlinkSeries] = useMutation(DeleteAlarmsSeriesDocument);
  const [createAction] = useMutation(CreateAlarmsActionDocument);
  const [deleteAction] = useMutation(DeleteAlarmsActionDocument);

  const values = form.form.getValues();
  const valid = ruleIssues(values, seriesTypes).length === 0;
  const rule = valid ? ruleOfValues(values, seriesTypes) : null;
  const previewInput =
    rule && values.seriesIds.length > 0
      ? { projectId: project.id, rule, seriesIds: values.seriesIds.map(Number) }
      : null;
  const field = (path: string) => form.inputProps(path as keyof AlarmFormValues & string);
  /** The server's refusal of a recipient (actions.N.userId) on that recipient's target field. */
  const showRecipientErrors = (error: unknown) => {
    const refused = Object.entries(formErrorsFromServer(error).fields).filter(([path]) => path.startsWith('actions.'));
    for (const [path, message] of refused) {
      form.form.setFieldError(`recipients.${path.split('.')[1]}.target`, message);
    }
  };

  const submit = form.form.onSubmit(async (submitted) => {
    form.clearGeneralError();
    const submittedRule = ruleOfValues(submitted, seriesTypes);
    const seriesIds = submitted.seriesIds.map(Number);
    try {
      if (!alarm) {
        const actions = submitted.recipients.map(recipientInput);
        await createAlarm({ variables: { input: { projectId: project.id, rule: submittedRule, seriesIds, actions } } });
      } else {
        await updateAlarm({ variables: { input: { id: alarm.id, rule: submittedRule } } });
        const before = new Set(alarm.alarmsSeries.map((link) => link.seriesId));
        const after = new Set(seriesIds);
        for (const seriesId of after) {
          if (!before.has(seriesId)) await linkSeries({ variables: { input: { alarmId: alarm.id, seriesId } } });
        }
        for (const seriesId of before) {
          if (!after.has(seriesId)) await unlinkSeries({ variables: { input: { alarmId: alarm.id, seriesId } } });
        }
        for (const id of submitted.removedActionIds) await deleteAction({ variables: { id } });
        // Each recipient leaves the form once saved, so that saving again after a refusal adds no one twice.
        for (const recipient of submitted.recipients) {
          await createAction({ variables: { input: { alarmId: alarm.id, ...recipientInput(recipient) } } });
          form.form.removeListItem('recipients', 0);
        }
        await client.refetchQueries({ include: [ProjectAlarmsDocument] });
      }
    } catch (error) {
      form.showServerError(error);
      showRecipientErrors(error);
      return;
    }
    markSaved();
    form.form.resetDirty();
    toast.success(alarm ? t('Alarm saved.') : t('Alarm created.'));
    onDone();
  });

  const title = alarm ? t('Edit alarm {{name}}', { name: alarm.name }) : t('New alarm');
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={title} data-testid="alarm-editor">
        <Stack>
          <Title order={3}>{title}</Title>
          <FormError message={form.generalError} />
          <TextInput label={t('Name')} withAsterisk maxLength={alarmBounds.nameMax} {...field('name')} />
          <SeriesPicker form={form} project={project} />
          <Radio.Group label={t('Condition')} {...form.form.getInputProps('mode')}>
            <Group mt="xs">
              <Radio value="range" label={t('The value is above, below, between or outside limits')} />
              <Radio value="missing" label={t('No readings arrive')} />
            </Group>
          </Radio.Group>
          {values.mode === 'range' ? (
            <RangeRuleFields form={form} project={project} />
          ) : (
            <DurationField
              form={form}
              name="missingAfter"
              label={t('No readings for')}
              description={t('Triggers when a series has had no reading for this long')}
            />
          )}
          <DurationField
            form={form}
            name="repeatAfter"
            label={t('Repeat after')}
            description={t('Notifies again this often while the alarm lasts; empty: no repeats')}
          />
          <Alert variant="light" color="blue" data-testid="alarm-editor-summary" aria-live="polite">
            {ruleSummary(
              {
                ...valuesForText(values, seriesTypes),
                limitNames: followedLimitNames(values.seriesIds.map(Number), seriesLimits),
              },
              t,
              i18n.language,
              typeLabel,
            )}
          </Alert>
          <RecipientFields form={form} projectId={project.id} saved={alarm?.alarmsActions ?? []} />
          <Title order={4}>{t('Preview')}</Title>
          <AlarmPreview project={project} input={previewInput} />
          <FormButtons
            loading={creating.loading || updating.loading}
            submitLabel={alarm ? t('Save') : t('Create alarm')}
            onCancel={onDone}
          />
        </Stack>
      </form>
    </Paper>
  );
}
