import { alarmRuleInput, displayName, type Named } from '@olo/shared';
import type { AlarmFieldsFragment, AlarmRuleInput } from '../../graphql/generated.ts';
import { formSchema, type StandardSchema } from '../forms/formSchema.ts';
import { hasNormalRange } from '../limits/limitDisplay.ts';
import { type DurationParts, type DurationUnit, durationUnits, type RuleForText } from './ruleText.ts';

/** A duration as the editor holds it: one amount in one unit ('' for none). */
export interface DurationValue {
  amount: string;
  unit: DurationUnit;
}

export type AlarmFormValues = {
  name: string;
  /** 'missing': a missing-data alarm (no reading for a while); the range is unused. */
  mode: 'range' | 'missing';
  /** Shows only series of this measurement type in the picker ('' for all); saved as the alarm's data type. */
  dataType: string;
  seriesIds: string[];
  /** Each series' range is its limit's normal band; the range fields are unused. */
  activeLimit: boolean;
  startValue: string;
  startInclusive: boolean;
  endValue: string;
  endInclusive: boolean;
  /** 'inside': the condition is the value inside the range. */
  where: 'inside' | 'outside';
  duration: DurationValue;
  repeatAfter: DurationValue;
  missingAfter: DurationValue;
  hysteresis: string;
};

const emptyDuration = (unit: DurationUnit): DurationValue => ({ amount: '', unit });

export function newAlarmValues(): AlarmFormValues {
  return {
    name: '',
    mode: 'range',
    dataType: '',
    seriesIds: [],
    activeLimit: false,
    startValue: '',
    startInclusive: false,
    endValue: '',
    endInclusive: false,
    where: 'inside',
    duration: emptyDuration('minutes'),
    repeatAfter: emptyDuration('hours'),
    missingAfter: { amount: '1', unit: 'hours' },
    hysteresis: '',
  };
}

/**
 * A stored duration as one amount in its smallest unit (1 day 2 hours is 26 hours). Months and days do not convert
 * exactly, so a duration mixing them counts a month as 30 days, which only an alarm made outside the editor has.
 */
export function durationValue(duration: DurationParts | null | undefined, fallbackUnit: DurationUnit): DurationValue {
  if (!duration) return emptyDuration(fallbackUnit);
  const used = durationUnits.filter((unit) => duration[unit] > 0);
  const smallest = used.at(-1);
  if (!smallest) return emptyDuration(fallbackUnit);
  const toSeconds: Record<DurationUnit, number> = {
    years: 360 * 86_400,
    months: 30 * 86_400,
    days: 86_400,
    hours: 3600,
    minutes: 60,
    seconds: 1,
  };
  const calendarOnly = used.every((unit) => unit === 'years' || unit === 'months');
  if (calendarOnly) {
    const months = duration.years * 12 + duration.months;
    return smallest === 'years'
      ? { amount: String(duration.years), unit: 'years' }
      : { amount: String(months), unit: 'months' };
  }
  let total = 0;
  for (const unit of used) total += duration[unit] * toSeconds[unit];
  return { amount: String(Math.round(total / toSeconds[smallest])), unit: smallest };
}

export function valuesOfAlarm(alarm: AlarmFieldsFragment): AlarmFormValues {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: alarm.name,
    mode: alarm.missingAfter ? 'missing' : 'range',
    dataType: alarm.dataType ?? '',
    seriesIds: alarm.alarmsSeries.map((link) => String(link.seriesId)),
    activeLimit: alarm.activeLimit,
    startValue: number(alarm.range.start?.value),
    startInclusive: alarm.range.start?.inclusive ?? false,
    endValue: number(alarm.range.end?.value),
    endInclusive: alarm.range.end?.inclusive ?? false,
    where: alarm.inside ? 'inside' : 'outside',
    duration: durationValue(alarm.duration, 'minutes'),
    repeatAfter: durationValue(alarm.repeatAfter, 'hours'),
    missingAfter: durationValue(alarm.missingAfter, 'hours'),
    hysteresis: number(alarm.hysteresis),
  };
}

/** A typed number: "1 200", "12,5" and "12.5" all read; '' is none; anything else is NaN. */
export function parseNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (compact === '') return null;
  return /^[-+−]?(\d+\.?\d*|\.\d+)$/.test(compact) ? Number(compact.replace('−', '-')) : Number.NaN;
}

function durationParts(value: DurationValue): DurationParts | null {
  const amount = parseNumber(value.amount);
  if (amount === null || Number.isNaN(amount)) return null;
  return { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0, [value.unit]: amount };
}

type FieldIssue = { message: string; path: string[] };

/** Fields whose typed text is not a number (a whole number for durations), before the schema sees them. */
function typingIssues(values: AlarmFormValues): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const numeric = (text: string, path: string[], whole = false) => {
    const parsed = parseNumber(text);
    if (parsed === null) return;
    if (Number.isNaN(parsed)) issues.push({ message: 'Invalid number', path });
    else if (whole && (!Number.isInteger(parsed) || parsed < 0)) issues.push({ message: 'Give a whole number', path });
  };
  if (values.mode === 'range') {
    if (!values.activeLimit) {
      numeric(values.startValue, ['startValue']);
      numeric(values.endValue, ['endValue']);
    }
    numeric(values.hysteresis, ['hysteresis']);
    numeric(values.duration.amount, ['duration', 'amount'], true);
  } else {
    numeric(values.missingAfter.amount, ['missingAfter', 'amount'], true);
  }
  numeric(values.repeatAfter.amount, ['repeatAfter', 'amount'], true);
  return issues;
}

/** The common data type of the chosen series, or the picker's filter: what the alarm measures. */
function ruleDataType(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): string | null {
  if (values.dataType) return values.dataType;
  const types = new Set(values.seriesIds.map((id) => seriesTypes.get(Number(id))));
  const [only] = types;
  return types.size === 1 && only ? only : null;
}

/** The rule the API takes, from the editor's values (assumed free of typing issues). */
export function ruleOfValues(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): AlarmRuleInput {
  const bound = (text: string, inclusive: boolean) => {
    const value = parseNumber(text);
    return value === null ? null : { value, inclusive };
  };
  const missing = values.mode === 'missing';
  const ownRange = !missing && !values.activeLimit;
  return {
    name: values.name,
    dataType: ruleDataType(values, seriesTypes),
    // An active-limit alarm fires outside its limits' normal ranges, whatever was chosen before it was ticked.
    inside: !(values.activeLimit && !missing) && values.where === 'inside',
    start: ownRange ? bound(values.startValue, values.startInclusive) : null,
    end: ownRange ? bound(values.endValue, values.endInclusive) : null,
    duration: missing ? null : durationParts(values.duration),
    repeatAfter: durationParts(values.repeatAfter),
    missingAfter: missing ? durationParts(values.missingAfter) : null,
    hysteresis: missing ? null : parseNumber(values.hysteresis),
    activeLimit: !missing && values.activeLimit,
  };
}

export function ruleForText(rule: AlarmRuleInput): RuleForText {
  return {
    inside: rule.inside ?? false,
    activeLimit: rule.activeLimit ?? false,
    dataType: rule.dataType ?? null,
    start: rule.start ?? null,
    end: rule.end ?? null,
    duration: rule.duration ?? null,
    repeatAfter: rule.repeatAfter ?? null,
    missingAfter: rule.missingAfter ?? null,
    hysteresis: rule.hysteresis ?? null,
  };
}

/** The limit each series follows (Serie.limit), by series id. */
export type SeriesLimits = ReadonlyMap<
  number,
  { name: string; normalMin?: number | null; normalMax?: number | null } | null
>;

/** Each series' limit by series id, named in `language` (a shipped limit's name translated; decision 0166). */
export function seriesLimitsOf(
  series: ReadonlyArray<{
    id: number;
    limit?: (Named & { normalMin?: number | null; normalMax?: number | null }) | null;
  }>,
  language: string,
): SeriesLimits {
  return new Map(
    series.map((serie) => [
      serie.id,
      serie.limit ? { ...serie.limit, name: displayName(serie.limit, language) } : null,
    ]),
  );
}

/** The names of the limits with a normal range that `seriesIds` follow, each once, in the series' order. */
export function followedLimitNames(seriesIds: readonly number[], seriesLimits: SeriesLimits): string[] {
  const names = seriesIds
    .map((id) => seriesLimits.get(id))
    .filter(hasNormalRange)
    .map((limit) => limit.name);
  return [...new Set(names)];
}

/** A saved alarm for its summary; one saved without a data type takes that of its series when they agree (for the unit). */
export function alarmForText(
  alarm: AlarmFieldsFragment,
  seriesTypes: ReadonlyMap<number, string>,
  seriesLimits: SeriesLimits = new Map(),
): RuleForText {
  const types = new Set(alarm.alarmsSeries.map((link) => seriesTypes.get(link.seriesId)));
  const [only] = types;
  const dataType = alarm.dataType ?? (types.size === 1 && only ? only : null);
  const limitNames = alarm.activeLimit
    ? followedLimitNames(
        alarm.alarmsSeries.map((link) => link.seriesId),
        seriesLimits,
      )
    : [];
  return { ...alarm, dataType, start: alarm.range.start, end: alarm.range.end, limitNames };
}

/** The schema's field paths as the editor's fields. */
const fieldOfRulePath: Record<string, string> = {
  name: 'name',
  start: 'startValue',
  end: 'endValue',
  hysteresis: 'hysteresis',
  duration: 'duration.amount',
  repeatAfter: 'repeatAfter.amount',
  missingAfter: 'missingAfter.amount',
};

/** Every problem of the editor's values, on the editor's fields, as i18n keys. */
export function alarmFormIssues(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): FieldIssue[] {
  const typing = typingIssues(values);
  if (typing.length > 0) return typing;
  const rule = ruleOfValues(values, seriesTypes);
  const issues = alarmRuleInput.safeParse(rule).error?.issues ?? [];
  // Zod skips the rule's cross-field checks (a reversed range) while a field fails; they are asked with a stand-in
  // name too, so that an empty name does not hide them.
  if (issues.some((issue) => issue.path[0] === 'name')) {
    issues.push(...(alarmRuleInput.safeParse({ ...rule, name: 'x' }).error?.issues ?? []));
  }
  const byField = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const field = fieldOfRulePath[String(issue.path[0] ?? '')] ?? 'name';
    if (!byField.has(field)) byField.set(field, { message: issue.message, path: field.split('.') });
  }
  return [...byField.values()];
}

/** The editor's validation for useSchemaForm: the shared rule schema, on the editor's fields. */
export function alarmFormSchema(seriesTypes: ReadonlyMap<number, string>): StandardSchema {
  return formSchema<AlarmFormValues>({ issues: (values) => alarmFormIssues(values, seriesTypes) });
}
