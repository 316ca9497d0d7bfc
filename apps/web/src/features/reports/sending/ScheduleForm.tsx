import { useMutation } from '@apollo/client/react';
import { Checkbox, Group, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type Language, languages, reportScheduleInputSchema } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import {
  CreateReportScheduleDocument,
  type ReportScheduleFieldsFragment,
  UpdateReportScheduleDocument,
} from '../../../graphql/generated.ts';
import { formSchema } from '../../forms/formSchema.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { languageNames } from '../../i18n/LanguagePicker.tsx';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormError } from '../../ui/FormError.tsx';

export const weekdayKeys = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** What the form holds: selects hold strings, the time `HH:MM`, the addresses one a line. */
interface ScheduleValues extends Record<string, unknown> {
  frequency: string;
  weekday: string;
  monthDay: string;
  time: string;
  language: string;
  memberIds: string[];
  addresses: string;
  enabled: boolean;
}

const lastDay = 'last';

function valuesOf(schedule: ReportScheduleFieldsFragment | null, language: string): ScheduleValues {
  return {
    frequency: schedule?.frequency ?? 'weekly',
    weekday: String(schedule?.weekday ?? 1),
    monthDay: schedule ? (schedule.monthDay === null ? lastDay : String(schedule.monthDay)) : '1',
    time: schedule ? `${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}` : '07:00',
    language: schedule?.language ?? language,
    memberIds: schedule?.memberIds ?? [],
    addresses: (schedule?.addresses ?? []).join('\n'),
    enabled: schedule?.enabled ?? true,
  };
}

/** The form's values as the shared schema's input (and the mutation's). */
function inputOf(values: ScheduleValues) {
  const [hour = Number.NaN, minute = Number.NaN] = values.time.split(':').map((part) => Number(part));
  return {
    frequency: values.frequency,
    weekday: values.frequency === 'weekly' ? Number(values.weekday) : null,
    monthDay: values.frequency === 'monthly' && values.monthDay !== lastDay ? Number(values.monthDay) : null,
    hour,
    minute,
    enabled: values.enabled,
    language: values.language,
    memberIds: values.memberIds,
    addresses: values.addresses
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter(Boolean),
  };
}

const schema = formSchema<ScheduleValues>({
  schema: reportScheduleInputSchema,
  toInput: inputOf,
  issues: (values) => (/^\d{1,2}:\d{2}$/.test(values.time) ? [] : [{ message: 'Required', path: ['time'] }]),
});

/**
 * A report's mailing schedule, new or saved: weekly on a weekday or monthly on a day (or the last), at a time of the
 * project's time zone, to members who may view reports and outside addresses (decision 0196).
 */
export function ScheduleForm({
  reportId,
  schedule,
  members,
  onDone,
}: {
  reportId: number;
  schedule: ReportScheduleFieldsFragment | null;
  members: Array<{ value: string; label: string }>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { form, inputProps, generalError, onSave } = useSchemaForm<ScheduleValues>({
    initialValues: valuesOf(schedule, languages.includes(i18n.language as Language) ? i18n.language : 'fi'),
    schema,
  });
  const [create, created] = useMutation(CreateReportScheduleDocument, {
    refetchQueries: ['ReportSchedules'],
    awaitRefetchQueries: true,
  });
  const [update, updated] = useMutation(UpdateReportScheduleDocument);
  const values = form.getValues();
  const save = async (input: ScheduleValues): Promise<void> => {
    if (schedule) await update({ variables: { id: schedule.id, input: inputOf(input) } });
    else await create({ variables: { reportId, input: inputOf(input) } });
  };
  // The schema's issues name the input's fields: the time's hour and minute are the one field here.
  const timeError = inputProps('time').error ?? inputProps('hour').error ?? inputProps('minute').error;
  return (
    <form onSubmit={onSave(save, onDone)} noValidate data-testid="report-schedule-form">
      <Stack gap="sm">
        <FormError message={generalError} />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('How often')}
            data={[
              { value: 'weekly', label: t('Every week') },
              { value: 'monthly', label: t('Every month') },
            ]}
            allowDeselect={false}
            {...inputProps('frequency')}
          />
          {values.frequency === 'weekly' ? (
            <Select
              label={t('Weekday')}
              data={weekdayKeys.map((key, index) => ({ value: String(index + 1), label: t(key) }))}
              allowDeselect={false}
              {...inputProps('weekday')}
            />
          ) : (
            <Select
              label={t('Day of the month')}
              data={[
                ...Array.from({ length: 28 }, (_, index) => ({ value: String(index + 1), label: `${index + 1}.` })),
                { value: lastDay, label: t('The last day') },
              ]}
              allowDeselect={false}
              {...inputProps('monthDay')}
            />
          )}
          <TextInput
            type="time"
            label={t('Time')}
            description={t("In the project's time zone")}
            {...inputProps('time')}
            error={timeError}
          />
        </Group>
        <MultiSelect
          label={t('Members')}
          description={t('Project members who may view reports')}
          data={members}
          searchable
          {...inputProps('memberIds')}
        />
        <Textarea
          label={t('Other email addresses')}
          description={t('One a line, at most 20; each message has an unsubscribe link')}
          autosize
          minRows={2}
          {...inputProps('addresses')}
          error={
            inputProps('addresses').error ??
            Object.entries(form.errors)
              .filter(([path]) => path.startsWith('addresses.'))
              .map(([, message]) => t(String(message)))[0]
          }
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('Language of the message')}
            data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
            allowDeselect={false}
            {...inputProps('language')}
          />
        </Group>
        <Checkbox label={t('Send on schedule')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <FormButtons loading={created.loading || updated.loading} onCancel={onDone} />
      </Stack>
    </form>
  );
}
