import { useMutation } from '@apollo/client/react';
import {
  Button,
  CopyButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { languages, updateProjectInput } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type ProjectAdminFieldsFragment, UpdateProjectInfoDocument } from '../../graphql/generated.ts';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { languageNames } from '../i18n/LanguagePicker.tsx';
import { useUnsavedChangesPrompt } from '../navigation/useUnsavedChangesPrompt.ts';
import { DateTimeField } from '../ui/DateField.tsx';
import { FormError } from '../ui/FormError.tsx';
import { fromDateTimeInput, toDateTimeInput } from './dateTimeInput.ts';
import {
  scheduleInputOf,
  scheduleValuesOf,
  UsageScheduleFields,
  type UsageScheduleValues,
} from './UsageScheduleFields.tsx';

export const defaultTimeZone = 'Europe/Helsinki';

type InfoValues = {
  id: number;
  name: string;
  code: string;
  description: string;
  /** Wall-clock time of `timeZone`, as a datetime-local input holds it. */
  startAt: string;
  endAt: string;
  timeZone: string;
  /** Decimal degrees (WGS84), empty while not set: the project's weather comes from the nearest station. */
  latitude: number | string;
  longitude: number | string;
  /** The language Olo names new series in (a meter added): fi, sv or en. */
  language: string;
  /** Empty while the number input is cleared. */
  defaultSelect: number | string;
  showLive: boolean;
  showReport: boolean;
  showAlarm: boolean;
  isPublic: boolean;
  /** The data views' defaults (spec: defaults, a data slot): how readings are grouped and shown. */
  defaultsMode: DataMode;
  /** Seconds per group as text, empty for every reading. */
  defaultsSlot: string;
  defaultsNulls: boolean;
  usageSchedule: UsageScheduleValues;
};

const dataModes = ['avg', 'min', 'max'] as const;
type DataMode = (typeof dataModes)[number];

/** Group lengths offered for the data views, in seconds. */
const slotChoices = [
  { seconds: 600, label: '10 minutes' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 6 * 3600, label: '6 hours' },
  { seconds: 24 * 3600, label: '1 day' },
  { seconds: 7 * 24 * 3600, label: '1 week' },
] as const;

interface ProjectDefaults {
  mode?: DataMode;
  slot?: number;
  nulls?: boolean;
  filters?: unknown[];
}

/** The stored defaults, read defensively: the field is free-form JSON on the wire. */
function defaultsOf(stored: unknown): ProjectDefaults {
  const raw = (stored ?? {}) as Record<string, unknown>;
  return {
    mode: dataModes.includes(raw.mode as DataMode) ? (raw.mode as DataMode) : undefined,
    slot: typeof raw.slot === 'number' ? raw.slot : undefined,
    nulls: typeof raw.nulls === 'boolean' ? raw.nulls : undefined,
    filters: Array.isArray(raw.filters) ? raw.filters : undefined,
  };
}

function valuesOf(project: ProjectAdminFieldsFragment): InfoValues {
  const timeZone = project.timeZone || defaultTimeZone;
  const defaults = defaultsOf(project.defaults);
  return {
    id: project.id,
    name: project.name,
    code: project.code ?? '',
    description: project.description ?? '',
    startAt: toDateTimeInput(project.startAt, timeZone),
    endAt: toDateTimeInput(project.endAt, timeZone),
    timeZone,
    latitude: project.latitude ?? '',
    longitude: project.longitude ?? '',
    language: project.language,
    defaultSelect: project.defaultSelect,
    showLive: project.showLive,
    showReport: project.showReport,
    showAlarm: project.showAlarm,
    isPublic: Boolean(project.publicId),
    defaultsMode: defaults.mode ?? 'avg',
    defaultsSlot: defaults.slot ? String(defaults.slot) : '',
    defaultsNulls: defaults.nulls ?? false,
    usageSchedule: scheduleValuesOf(project.usageSchedule),
  };
}

/** A cleared coordinate input is no location: null, which clears the stored one. */
function coordinateOf(value: number | string): number | null {
  return value === '' ? null : Number(value);
}

/** The form's values in the shape of the shared update schema; filters are kept as stored (the data views edit them). */
function projectInput(values: InfoValues, filters: unknown[] | undefined) {
  const { defaultsMode, defaultsSlot, defaultsNulls, ...fields } = values;
  return {
    ...fields,
    startAt: fromDateTimeInput(values.startAt, values.timeZone),
    endAt: fromDateTimeInput(values.endAt, values.timeZone),
    defaultSelect: values.defaultSelect === '' ? undefined : Number(values.defaultSelect),
    latitude: coordinateOf(values.latitude),
    longitude: coordinateOf(values.longitude),
    usageSchedule: scheduleInputOf(values.usageSchedule),
    defaults: {
      mode: defaultsMode,
      nulls: defaultsNulls,
      ...(defaultsSlot ? { slot: Number(defaultsSlot) } : {}),
      ...(filters ? { filters } : {}),
    },
  };
}

/** Validates the form with the shared schema, after turning its texts into times and numbers. */
const infoSchema = (filters: unknown[] | undefined) =>
  formSchema<InfoValues>({
    schema: updateProjectInput,
    toInput: (values) => projectInput(values, filters),
    requiredSelects: ['defaultSelect'],
  });

function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export function ProjectInfoForm({ project }: { project: ProjectAdminFieldsFragment }) {
  const { t } = useTranslation();
  const [updateProject, { loading }] = useMutation(UpdateProjectInfoDocument);
  const filters = useMemo(() => defaultsOf(project.defaults).filters, [project.defaults]);
  const schema = useMemo(() => infoSchema(filters), [filters]);
  const { form, inputProps, generalError, onSave, startFrom } = useSchemaForm<InfoValues>({
    initialValues: valuesOf(project),
    schema,
  });
  const dirty = form.isDirty();
  useUnsavedChangesPrompt(dirty);
  const values = form.getValues();
  const zoneOptions = useMemo(() => timeZones(values.timeZone), [values.timeZone]);

  const submit = onSave(
    async (submitted) => {
      const input = updateProjectInput.parse(projectInput(submitted, filters));
      // Unchanged times are left alone: the inputs show whole minutes, the stored times may have seconds.
      const timesChanged = form.isDirty('startAt') || form.isDirty('endAt') || form.isDirty('timeZone');
      const { data } = await updateProject({
        variables: {
          input: {
            id: input.id,
            name: input.name,
            code: input.code,
            description: input.description,
            ...(timesChanged
              ? { startAt: input.startAt?.toISOString() ?? null, endAt: input.endAt?.toISOString() ?? null }
              : {}),
            timeZone: input.timeZone,
            latitude: input.latitude ?? null,
            longitude: input.longitude ?? null,
            language: input.language,
            defaultSelect: input.defaultSelect,
            showLive: input.showLive,
            showReport: input.showReport,
            showAlarm: input.showAlarm,
            isPublic: input.isPublic,
            defaults: input.defaults,
            usageSchedule: input.usageSchedule,
          },
        },
      });
      return data?.updateProject;
    },
    (saved) => {
      if (saved) startFrom(valuesOf(saved));
      toast.success(t('Saved.'));
    },
  );

  const publicUrl = project.publicId ? `${window.location.origin}/project/${project.publicId}` : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('Project information')} data-testid="project-info-form">
      <Stack>
        <FormError message={generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
          <TextInput label={t('Code')} {...inputProps('code')} />
        </SimpleGrid>
        <Textarea label={t('Description')} autosize minRows={3} {...inputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateTimeField label={t('Start')} description={t('In the project time zone')} {...inputProps('startAt')} />
          <DateTimeField label={t('End')} description={t('In the project time zone')} {...inputProps('endAt')} />
          <Select
            label={t('Time zone')}
            description={t('Times of the project are shown in it')}
            data={zoneOptions}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('No matches')}
            {...inputProps('timeZone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={660} id="project-location" data-testid="project-location">
          <NumberInput
            label={t('Latitude')}
            description={t('Location: weather observations come from the nearest station')}
            placeholder="60.17"
            min={-90}
            max={90}
            decimalScale={6}
            decimalSeparator="."
            {...inputProps('latitude')}
          />
          <NumberInput
            label={t('Longitude')}
            description={t('Decimal degrees, east positive')}
            placeholder="24.94"
            min={-180}
            max={180}
            decimalScale={6}
            decimalSeparator="."
            {...inputProps('longitude')}
          />
        </SimpleGrid>
        <NumberInput
          label={t('Default time range (days)')}
          description={t('How many days the data views show at first')}
          min={1}
          max={3650}
          allowDecimal={false}
          maw={320}
          {...inputProps('defaultSelect')}
        />
        <Select
          label={t('Language of new series')}
          description={t('A meter added to the project names its series in this language')}
          data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
          allowDeselect={false}
          maw={320}
          {...inputProps('language')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="project-defaults">
          <Select
            label={t('Default grouping of readings')}
            description={t('Readings are combined over this time in the data views')}
            data={[
              { value: '', label: t('Every reading') },
              ...slotChoices.map((choice) => ({ value: String(choice.seconds), label: t(choice.label) })),
              ...(values.defaultsSlot && !slotChoices.some((choice) => String(choice.seconds) === values.defaultsSlot)
                ? [{ value: values.defaultsSlot, label: t('{{seconds}} seconds', { seconds: values.defaultsSlot }) }]
                : []),
            ]}
            allowDeselect={false}
            {...inputProps('defaultsSlot')}
          />
          <Select
            label={t('Default value of a group')}
            description={t('Which value of the combined readings is shown')}
            data={[
              { value: 'avg', label: t('Average') },
              { value: 'min', label: t('Minimum') },
              { value: 'max', label: t('Maximum') },
            ]}
            allowDeselect={false}
            {...inputProps('defaultsMode')}
          />
          <Switch
            mt="xl"
            label={t('Show gaps where readings are missing')}
            {...form.getInputProps('defaultsNulls', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <UsageScheduleFields form={form} />
        <Stack gap="xs">
          <Switch label={t('Show live view')} {...form.getInputProps('showLive', { type: 'checkbox' })} />
          <Switch
            label={t('Show reports')}
            description={t('The public link lists every published report, not only the summary reports.')}
            {...form.getInputProps('showReport', { type: 'checkbox' })}
          />
          <Switch
            label={t('Show alarms')}
            description={t('The public link tells whether a series of a shown space is in alarm now.')}
            {...form.getInputProps('showAlarm', { type: 'checkbox' })}
          />
        </Stack>
        <Stack gap="xs">
          <Switch
            label={t('Public link')}
            description={t('Anyone with the link can see the project without signing in.')}
            data-testid="public-link-switch"
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
          />
          {values.isPublic && publicUrl && (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                readOnly
                value={publicUrl}
                aria-label={t('Address of the public link')}
                data-testid="public-link-url"
                style={{ flex: 1 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={publicUrl}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? t('Copied') : t('Copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          {values.isPublic && !publicUrl && (
            <Text size="sm" c="dimmed">
              {t('The link is made when you save.')}
            </Text>
          )}
          {!values.isPublic && publicUrl && (
            <Text size="sm" c="dimmed">
              {t('The link stops working when you save.')}
            </Text>
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={loading} disabled={!dirty}>
            {t('Save')}
          </Button>
          <Button variant="default" disabled={!dirty} onClick={() => form.reset()}>
            {t('Undo changes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
