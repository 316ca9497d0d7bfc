import {
  type AlarmComparison,
  type AlarmWords,
  alarmRuleInput,
  displayName,
  type Named,
  rangeOfWords,
  thresholdFiresByDefault,
  wordsOfRange,
} from '@olo/shared';
import type { AlarmFieldsFragment, AlarmRuleInput } from '../../graphql/generated.ts';
import { formSchema, type StandardSchema } from '../forms/formSchema.ts';
import { hasNormalRange } from '../limits/limitDisplay.ts';
import { type RecipientValues, recipientIssues } from './recipientForm.ts';
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
  /** Outside only: each series' range is its limit's normal band; the values are unused. */
  activeLimit: boolean;
  /** The rule in words (decision 0147); above uses only the high value, below only the low one. */
  comparison: AlarmComparison;
  lowValue: string;
  /** A value exactly at the low threshold fires too. */
  lowFires: boolean;
  highValue: string;
  highFires: boolean;
  duration: DurationValue;
  repeatAfter: DurationValue;
  missingAfter: DurationValue;
  hysteresis: string;
  /** Recipients to add when saved (new actions). */
  recipients: RecipientValues[];
  /** The alarm's saved actions to delete when saved. */
  removedActionIds: string[];
};

const emptyDuration = (unit: DurationUnit): DurationValue => ({ amount: '', unit });

export function newAlarmValues(): AlarmFormValues {
  return {
    name: '',
    mode: 'range',
    dataType: '',
    seriesIds: [],
    activeLimit: false,
    comparison: 'above',
    lowValue: '',
    lowFires: thresholdFiresByDefault('above'),
    highValue: '',
    highFires: thresholdFiresByDefault('above'),
    duration: emptyDuration('minutes'),
    repeatAfter: emptyDuration('hours'),
    missingAfter: { amount: '1', unit: 'hours' },
    hysteresis: '',
    recipients: [],
    removedActionIds: [],
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
  const words = wordsOfRange({ inside: alarm.inside, start: alarm.range.start ?? null, end: alarm.range.end ?? null });
  return {
    name: alarm.name,
    mode: alarm.missingAfter ? 'missing' : 'range',
    dataType: alarm.dataType ?? '',
    seriesIds: alarm.alarmsSeries.map((link) => String(link.seriesId)),
    activeLimit: alarm.activeLimit,
    // An active-limit alarm fires outside its limits' normal ranges, whatever its stored inside flag says.
    comparison: alarm.activeLimit ? 'outside' : words.comparison,
    lowValue: number(words.low),
    lowFires: words.lowFires,
    highValue: number(words.high),
    highFires: words.highFires,
    duration: durationValue(alarm.duration, 'minutes'),
    repeatAfter: durationValue(alarm.repeatAfter, 'hours'),
    missingAfter: durationValue(alarm.missingAfter, 'hours'),
    hysteresis: number(alarm.hysteresis),
    recipients: [],
    removedActionIds: [],
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
    if (!usesLimits(values)) {
      // Each threshold the words use is required: "between 18 and" is not a rule.
      const threshold = (text: string, path: string) =>
        text.trim() === '' ? issues.push({ message: 'Required', path: [path] }) : numeric(text, [path]);
      if (values.comparison !== 'above') threshold(values.lowValue, 'lowValue');
      if (values.comparison !== 'below') threshold(values.highValue, 'highValue');
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

/** An outside rule may take each series' limit's normal range instead of its own values. */
function usesLimits(values: AlarmFormValues): boolean {
  return values.comparison === 'outside' && values.activeLimit;
}

/** The rule in words as typed so far; a value not (yet) a number is null. */
export function wordsOfValues(values: AlarmFormValues): AlarmWords {
  const number = (text: string) => {
    const value = parseNumber(text);
    return value === null || Number.isNaN(value) ? null : value;
  };
  const { comparison } = values;
  return {
    comparison,
    low: comparison === 'above' ? null : number(values.lowValue),
    lowFires: values.lowFires,
    high: comparison === 'below' ? null : number(values.highValue),
    highFires: values.highFires,
  };
}

/** The rule the API takes, from the editor's values (assumed free of typing issues). */
export function ruleOfValues(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): AlarmRuleInput {
  const missing = values.mode === 'missing';
  const activeLimit = !missing && usesLimits(values);
  const range = rangeOfWords(wordsOfValues(values));
  return {
    name: values.name,
    dataType: ruleDataType(values, seriesTypes),
    inside: !missing && !activeLimit && range.inside,
    start: missing || activeLimit ? null : range.start,
    end: missing || activeLimit ? null : range.end,
    duration: missing ? null : durationParts(values.duration),
    repeatAfter: durationParts(values.repeatAfter),
    missingAfter: missing ? durationParts(values.missingAfter) : null,
    hysteresis: missing ? null : parseNumber(values.hysteresis),
    activeLimit,
  };
}

/** The editor's values as its always-shown sentence reads them, complete or not. */
export function valuesForText(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): RuleForText {
  const rule = ruleOfValues(values, seriesTypes);
  const duration = (value: DurationValue) => {
    const parts = durationParts(value);
    return parts && Object.values(parts).every((part) => Number.isInteger(part) && part >= 0) ? parts : null;
  };
  const hysteresis = parseNumber(values.hysteresis);
  return {
    ...ruleForText({ ...rule, duration: null, repeatAfter: null, missingAfter: null, hysteresis: null }),
    words: wordsOfValues(values),
    duration: values.mode === 'range' ? duration(values.duration) : null,
    repeatAfter: duration(values.repeatAfter),
    missingAfter: values.mode === 'missing' ? (duration(values.missingAfter) ?? zeroDuration) : null,
    hysteresis: values.mode === 'range' && hysteresis && !Number.isNaN(hysteresis) ? hysteresis : null,
  };
}

const zeroDuration: DurationParts = { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };

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

/** The schema's field paths as the editor's fields; a missing threshold is the comparison's own value. */
const fieldOfRulePath = (values: AlarmFormValues): Record<string, string> => ({
  name: 'name',
  start: values.comparison === 'above' ? 'highValue' : 'lowValue',
  end: 'highValue',
  hysteresis: 'hysteresis',
  duration: 'duration.amount',
  repeatAfter: 'repeatAfter.amount',
  missingAfter: 'missingAfter.amount',
});

/** Every problem of the editor's rule (not its recipients), on the editor's fields, as i18n keys. */
export function ruleIssues(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): FieldIssue[] {
  const typing = typingIssues(values);
  if (typing.length > 0) {
    return values.name.trim() === '' ? [{ message: 'Required', path: ['name'] }, ...typing] : typing;
  }
  const rule = ruleOfValues(values, seriesTypes);
  const issues = alarmRuleInput.safeParse(rule).error?.issues ?? [];
  // Zod skips the rule's cross-field checks (a reversed range) while a field fails; they are asked with a stand-in
  // name too, so that an empty name does not hide them.
  if (issues.some((issue) => issue.path[0] === 'name')) {
    issues.push(...(alarmRuleInput.safeParse({ ...rule, name: 'x' }).error?.issues ?? []));
  }
  const byField = new Map<string, FieldIssue>();
  const fields = fieldOfRulePath(values);
  for (const issue of issues) {
    const field = fields[String(issue.path[0] ?? '')] ?? 'name';
    if (!byField.has(field)) byField.set(field, { message: issue.message, path: field.split('.') });
  }
  return [...byField.values()];
}

/** Every problem of the editor's values: its rule's and its new recipients'. */
export function alarmFormIssues(values: AlarmFormValues, seriesTypes: ReadonlyMap<number, string>): FieldIssue[] {
  return [...ruleIssues(values, seriesTypes), ...recipientIssues(values.recipients)];
}

/** The editor's validation for useSchemaForm: the shared rule schema, on the editor's fields. */
export function alarmFormSchema(seriesTypes: ReadonlyMap<number, string>): StandardSchema {
  return formSchema<AlarmFormValues>({ issues: (values) => alarmFormIssues(values, seriesTypes) });
}
