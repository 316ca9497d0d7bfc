import { Checkbox, Group, List, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type AlarmComparison, alarmComparisons, displayName, thresholdFiresByDefault } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import type { useSchemaForm } from '../forms/useSchemaForm.ts';
import { hasNormalRange, normalRangeText } from '../limits/limitDisplay.ts';
import type { AlarmsProject } from './AlarmEditor.tsx';
import { seriesLabel } from './alarmDisplay.ts';
import type { AlarmFormValues } from './alarmForm.ts';
import { durationUnits, unitOfType } from './ruleText.ts';

export type AlarmForm = ReturnType<typeof useSchemaForm<AlarmFormValues>>;

function useDurationUnitOptions() {
  const { t } = useTranslation();
  const labels: Record<(typeof durationUnits)[number], string> = {
    years: t('years'),
    months: t('months'),
    days: t('days'),
    hours: t('hours'),
    minutes: t('minutes'),
    seconds: t('seconds'),
  };
  return durationUnits.map((unit) => ({ value: unit, label: labels[unit] }));
}

export function DurationField({
  form,
  name,
  label,
  description,
}: {
  form: AlarmForm;
  name: 'duration' | 'repeatAfter' | 'missingAfter';
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const units = useDurationUnitOptions();
  const amount = form.inputProps(`${name}.amount` as keyof AlarmFormValues & string);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} description={description} inputMode="numeric" style={{ flex: 1 }} {...amount} />
      <NativeSelect
        aria-label={t('Unit of {{field}}', { field: label })}
        data={units}
        {...form.form.getInputProps(`${name}.unit`)}
      />
    </Group>
  );
}

/**
 * The limit each chosen series follows, whose normal range an active-limit alarm watches; a series with no limit, or
 * one without a normal range, is named as watched for nothing.
 */
function FollowedLimits({ project, seriesIds }: { project: AlarmsProject; seriesIds: string[] }) {
  const { t, i18n } = useTranslation();
  const chosen = project.series.filter((serie) => seriesIds.includes(String(serie.id)));
  if (chosen.length === 0) return null;
  return (
    <Stack gap={4} data-testid="alarm-followed-limits">
      <Text size="sm" fw={500}>
        {t('The alarm triggers when a value leaves the normal range of the limit its series follows:')}
      </Text>
      <List size="sm">
        {chosen.map((serie) => (
          <List.Item key={serie.id}>
            {seriesLabel(serie, project.spaces)}:{' '}
            {hasNormalRange(serie.limit) ? (
              `${displayName(serie.limit, i18n.language)} (${normalRangeText(serie.limit, serie.dataType, serie.dataUnit || unitOfType(serie.dataType), i18n.language)})`
            ) : (
              <Text span size="sm" fw={500}>
                {t('no limit with a normal range: the alarm watches nothing on this series')}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A threshold and whether a value exactly at it fires too. */
function ThresholdField({ form, end, label }: { form: AlarmForm; end: 'low' | 'high'; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <TextInput label={label} inputMode="decimal" {...form.inputProps(`${end}Value`)} />
      <Checkbox
        label={t('Also at exactly this value')}
        {...form.form.getInputProps(`${end}Fires`, { type: 'checkbox' })}
      />
    </Stack>
  );
}

/**
 * Another comparison starts from its own defaults for the thresholds' own values (decision 0147); a single threshold
 * typed for above carries over to below and back.
 */
function chooseComparison(form: AlarmForm, comparison: AlarmComparison) {
  const values = form.form.getValues();
  const fires = thresholdFiresByDefault(comparison);
  const single = (value: AlarmComparison) => value === 'above' || value === 'below';
  const moved =
    single(values.comparison) && single(comparison) && values.comparison !== comparison
      ? { lowValue: values.highValue, highValue: values.lowValue }
      : {};
  form.form.setValues({ comparison, lowFires: fires, highFires: fires, ...moved });
}

/** The rule's condition in words, its thresholds (or the limits' normal ranges), duration and hysteresis. */
export function RangeRuleFields({ form, project }: { form: AlarmForm; project: AlarmsProject }) {
  const { t } = useTranslation();
  const values = form.form.getValues();
  const labels: Record<AlarmComparison, string> = {
    above: t('above'),
    below: t('below'),
    between: t('between'),
    outside: t('outside the range'),
  };
  const { comparison } = values;
  const ownValues = !(comparison === 'outside' && values.activeLimit);
  return (
    <>
      <Radio.Group
        label={t('Triggers when the value is')}
        value={comparison}
        onChange={(value) => chooseComparison(form, value as AlarmComparison)}
      >
        <Group mt="xs" data-testid="alarm-comparison">
          {alarmComparisons.map((value) => (
            <Radio key={value} value={value} label={labels[value]} />
          ))}
        </Group>
      </Radio.Group>
      {comparison === 'outside' && (
        <Checkbox
          label={t("Use each series' limit's normal band as the range")}
          {...form.form.getInputProps('activeLimit', { type: 'checkbox' })}
        />
      )}
      {!ownValues && <FollowedLimits project={project} seriesIds={values.seriesIds} />}
      {ownValues && comparison === 'above' && <ThresholdField form={form} end="high" label={t('Limit value')} />}
      {ownValues && comparison === 'below' && <ThresholdField form={form} end="low" label={t('Limit value')} />}
      {ownValues && (comparison === 'between' || comparison === 'outside') && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ThresholdField form={form} end="low" label={t('Lower limit')} />
          <ThresholdField form={form} end="high" label={t('Upper limit')} />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DurationField
          form={form}
          name="duration"
          label={t('Duration')}
          description={t('How long the condition must last; empty: the first reading triggers')}
        />
        <TextInput
          label={t('Hysteresis')}
          description={t('How far back past the limit the value must come for the alarm to end')}
          inputMode="decimal"
          {...form.inputProps('hysteresis')}
        />
      </SimpleGrid>
    </>
  );
}
