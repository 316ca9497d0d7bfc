import { Checkbox, Fieldset, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { defaultUsageSchedule, type UsageSchedule } from '@olo/shared';
import { useTranslation } from 'react-i18next';

/** The usage schedule as the form holds it: weekdays as the checkboxes' strings, holidays as lines of text. */
export interface UsageScheduleValues {
  weekdays: string[];
  from: string;
  to: string;
  holidays: string;
}

export function scheduleValuesOf(stored: UsageSchedule | null | undefined): UsageScheduleValues {
  const schedule = stored ?? defaultUsageSchedule;
  return {
    weekdays: schedule.weekdays.map(String),
    from: schedule.from,
    to: schedule.to,
    holidays: schedule.holidays.join('\n'),
  };
}

/** The form's schedule in the shape of the shared usageScheduleSchema. */
export function scheduleInputOf(values: UsageScheduleValues) {
  return {
    weekdays: values.weekdays.map(Number),
    from: values.from,
    to: values.to,
    holidays: values.holidays
      .split(/[\s,;]+/)
      .map((day) => day.trim())
      .filter(Boolean),
  };
}

const weekdayKeys = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * When the project's spaces are in use (decision 0193): the occupied time the indoor climate classification judges,
 * in the project's time zone.
 */
export function UsageScheduleFields<Values extends { usageSchedule: UsageScheduleValues }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const { t } = useTranslation();
  // Issues of a holiday or weekday carry its index in their path (usageSchedule.holidays.2): shown under the field.
  const errorOf = (field: string) => {
    const key = Object.keys(form.errors).find(
      (path) => path === `usageSchedule.${field}` || path.startsWith(`usageSchedule.${field}.`),
    );
    return key ? t(String(form.errors[key])) : undefined;
  };
  const input = (field: 'from' | 'to') => {
    const props = form.getInputProps(`usageSchedule.${field}`);
    const error = errorOf(field);
    return { ...props, error, 'aria-invalid': error ? true : undefined };
  };
  const weekdaysError = errorOf('weekdays');
  const holidaysError = errorOf('holidays');
  return (
    <Fieldset legend={t('Usage schedule')} data-testid="usage-schedule">
      <Text size="sm" c="dimmed" mb="xs">
        {t('When the spaces are in use: the indoor climate classification judges this time.')}
      </Text>
      <Checkbox.Group label={t('Days in use')} {...form.getInputProps('usageSchedule.weekdays')} error={weekdaysError}>
        <Group gap="sm" mt={4}>
          {weekdayKeys.map((key, index) => (
            <Checkbox key={key} value={String(index + 1)} label={t(key)} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
        <TextInput label={t('In use from')} placeholder="08:00" {...input('from')} />
        <TextInput label={t('In use until')} placeholder="16:00" {...input('to')} />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('Holidays')}
        description={t('Dates not in use, one a line (YYYY-MM-DD)')}
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('usageSchedule.holidays')}
        error={holidaysError}
        aria-invalid={holidaysError ? true : undefined}
      />
    </Fieldset>
  );
}
