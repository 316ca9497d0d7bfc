import { type AlarmWords, measurementUnits, unitLabel, wordsOfRange } from '@olo/shared';
import type { TFunction } from 'i18next';

export interface DurationParts {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export interface RangeBound {
  value: number;
  inclusive: boolean;
}

/** What the summary of a rule needs, whether it comes from a saved alarm or from the editor. */
export interface RuleForText {
  inside: boolean;
  activeLimit: boolean;
  dataType: string | null;
  start: RangeBound | null;
  end: RangeBound | null;
  duration: DurationParts | null;
  repeatAfter: DurationParts | null;
  missingAfter: DurationParts | null;
  hysteresis: number | null;
  /** An active-limit rule's: the names of the limits its series follow (those with a normal range). */
  limitNames?: readonly string[];
  /** The rule in words as the editor holds it, thresholds not yet typed included; else read from the range. */
  words?: AlarmWords;
}

export const durationUnits = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'] as const;
export type DurationUnit = (typeof durationUnits)[number];

const intlUnit: Record<DurationUnit, string> = {
  years: 'year',
  months: 'month',
  days: 'day',
  hours: 'hour',
  minutes: 'minute',
  seconds: 'second',
};

export function hasDuration(duration: DurationParts | null | undefined): duration is DurationParts {
  return !!duration && durationUnits.some((unit) => duration[unit] > 0);
}

/** "2 days and 3 hours" in the viewer's language, from the language's own unit names (Intl), so no plural rules here. */
export function durationText(duration: DurationParts, locale: string): string {
  const parts = durationUnits
    .filter((unit) => duration[unit] > 0)
    .map((unit) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: intlUnit[unit], unitDisplay: 'long' }).format(
        duration[unit],
      ),
    );
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}

export function unitOfType(dataType: string | null | undefined): string {
  return dataType ? ((measurementUnits as Record<string, string>)[dataType] ?? '') : '';
}

/** A threshold as typed, digits grouped ("1 200"): thresholds are round numbers that read better grouped. */
function thresholdText(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
}

/** The limits an active-limit rule follows, "CO2 S2 and Lämpötila S2"; null when none is known. */
function limitNamesText(rule: RuleForText, locale: string): string | null {
  const names = rule.limitNames ?? [];
  return names.length === 0 ? null : new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/** The range as text, e.g. "> 1 200 ppm", "≥ 18 and < 25 °C"; the limit's band for an active-limit alarm. */
export function rangeText(rule: RuleForText, t: TFunction, locale: string): string {
  if (rule.activeLimit) {
    const limits = limitNamesText(rule, locale);
    return limits ? t('normal range of {{limits}}', { limits }) : t("The normal band of each series' limit");
  }
  const unit = unitLabel(unitOfType(rule.dataType), locale);
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  const lower = rule.start && `${rule.start.inclusive ? '≥' : '>'} ${thresholdText(rule.start.value, locale)}`;
  const upper = rule.end && `${rule.end.inclusive ? '≤' : '<'} ${thresholdText(rule.end.value, locale)}`;
  if (lower && upper) return withUnit(t('{{lower}} and {{upper}}', { lower, upper }));
  if (lower) return withUnit(lower);
  if (upper) return withUnit(upper);
  return '-';
}

/** A threshold with its unit, "1 000 ppm"; "…" while it is not typed. */
function thresholdWithUnit(value: number | null, rule: RuleForText, locale: string): string {
  const unit = unitLabel(unitOfType(rule.dataType), locale);
  const text = value === null ? '…' : thresholdText(value, locale);
  return unit ? `${text} ${unit}` : text;
}

/** The rule in words: the editor's, or that of the stored range. */
export function wordsOf(rule: RuleForText): AlarmWords {
  return rule.words ?? wordsOfRange(rule);
}

/** The values the rule fires at, in words: "above 1 000 ppm", "below 18 °C or above 25 °C", "between 40 % and 60 %". */
export function conditionText(rule: RuleForText, t: TFunction, locale: string): string {
  const words = wordsOf(rule);
  const low = thresholdWithUnit(words.low, rule, locale);
  const high = thresholdWithUnit(words.high, rule, locale);
  const above = (value: string, fires: boolean) =>
    fires ? t('{{value}} or more', { value }) : t('above {{value}}', { value });
  const below = (value: string, fires: boolean) =>
    fires ? t('{{value}} or less', { value }) : t('below {{value}}', { value });
  switch (words.comparison) {
    case 'above':
      return above(high, words.highFires);
    case 'below':
      return below(low, words.lowFires);
    case 'between':
      return words.lowFires && words.highFires
        ? t('between {{low}} and {{high}}', { low, high })
        : t('{{lower}} and {{upper}}', { lower: above(low, words.lowFires), upper: below(high, words.highFires) });
    case 'outside':
      return t('{{below}} or {{above}}', { below: below(low, words.lowFires), above: above(high, words.highFires) });
  }
}

/**
 * What the rule watches, for the middle of a sentence: the measurement type's name ("lämpötila", "CO2"), or "the
 * value" when its series measure different things.
 */
function subjectText(rule: RuleForText, t: TFunction, typeLabel?: (dataType: string) => string): string {
  if (!rule.dataType || !typeLabel) return t('the value');
  const label = typeLabel(rule.dataType);
  // A name, not a symbol (CO2, PM10): lower case inside a sentence.
  return /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLocaleLowerCase() + label.slice(1) : label;
}

function hysteresisText(hysteresis: number, rule: RuleForText, t: TFunction, locale: string): string {
  const unit = unitLabel(unitOfType(rule.dataType), locale);
  const margin = `${thresholdText(hysteresis, locale)}${unit ? ` ${unit}` : ''}`;
  return t('It ends once the value is back past the limit by {{margin}}.', { margin });
}

/**
 * A readable summary of when the rule triggers, how it repeats and ends; `typeLabel` names the measurement type in the
 * viewer's language (useMeasurementLabel).
 */
export function ruleSummary(
  rule: RuleForText,
  t: TFunction,
  locale: string,
  typeLabel?: (dataType: string) => string,
): string {
  const sentences: string[] = [];
  if (hasDuration(rule.missingAfter)) {
    sentences.push(
      t('Triggers when a series has had no reading for {{duration}}.', {
        duration: durationText(rule.missingAfter, locale),
      }),
    );
  } else if (rule.activeLimit) {
    // Always outside: the stored inside flag means nothing for an active-limit alarm (decision 0070).
    const limit = limitNamesText(rule, locale);
    const duration = hasDuration(rule.duration) ? durationText(rule.duration, locale) : null;
    const range = rangeText(rule, t, locale);
    if (limit) {
      sentences.push(
        duration
          ? t('Triggers when the value stays outside the normal range of {{limit}} for {{duration}}.', {
              limit,
              duration,
            })
          : t('Triggers at the first reading outside the normal range of {{limit}}.', { limit }),
      );
    } else {
      sentences.push(
        duration
          ? t('Triggers when the value stays outside the range ({{range}}) for {{duration}}.', { range, duration })
          : t('Triggers at the first reading outside the range ({{range}}).', { range }),
      );
    }
    if (rule.hysteresis) sentences.push(hysteresisText(rule.hysteresis, rule, t, locale));
  } else {
    const subject = subjectText(rule, t, typeLabel);
    const condition = conditionText(rule, t, locale);
    sentences.push(
      hasDuration(rule.duration)
        ? t('Triggers when {{subject}} stays {{condition}} for {{duration}}.', {
            subject,
            condition,
            duration: durationText(rule.duration, locale),
          })
        : t('Triggers when {{subject}} is {{condition}}.', { subject, condition }),
    );
    if (rule.hysteresis) sentences.push(hysteresisText(rule.hysteresis, rule, t, locale));
  }
  if (hasDuration(rule.repeatAfter)) {
    sentences.push(
      t('While it lasts, notifications repeat every {{duration}}.', {
        duration: durationText(rule.repeatAfter, locale),
      }),
    );
  }
  return sentences.join(' ');
}
