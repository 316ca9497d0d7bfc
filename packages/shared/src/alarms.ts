import { z } from 'zod';

/**
 * An alarm's duration or repeat interval as the spec gives it (spec §3 Alarm): whole years,
 * months, days, hours, minutes and seconds. How they add to a time: decision 0041.
 */
export const alarmDurationSchema = z.object({
  years: z.number().int().min(0).max(100),
  months: z.number().int().min(0).max(1200),
  days: z.number().int().min(0).max(36_500),
  hours: z.number().int().min(0).max(876_000),
  minutes: z.number().int().min(0).max(52_560_000),
  seconds: z.number().int().min(0).max(3_153_600_000),
});
export type AlarmDuration = z.infer<typeof alarmDurationSchema>;

/** Messages of alarm errors (i18n keys the web app translates). */
export const alarmErrors = {
  rangeRequired: 'Give a start or an end of the range',
  rangeReversed: 'The range ends before it starts',
  privateWebhook: 'Webhooks to private, loopback or link-local addresses are not allowed',
  smsTarget: 'Invalid phone number',
  webhookTarget: 'Invalid webhook address',
  userRequired: 'Choose a user',
  /** A user action may notify only a project member who may view the project's alarms. */
  userMayNotViewAlarms: 'Choose a member of the project who may see its alarms',
  /** A delivery to a user who has since lost that right: skipped and recorded so. */
  userLostAlarmAccess: "The user may no longer see the project's alarms",
} as const;

export const alarmBounds = {
  nameMax: 200,
  /** Series an alarm may watch. */
  seriesMax: 500,
  /** Triggered alarms listed at once. */
  triggeredPage: 200,
  /** Days of stored values the editor's preview evaluates a rule over. */
  previewDays: 30,
  /** Recipients given with a new alarm. */
  actionsMax: 50,
  /** An acknowledgement's comment. */
  acknowledgementCommentMax: 500,
} as const;

/**
 * The rule in words, as the editor offers it (decision 0147): above or below one threshold, between or outside two.
 * `lowFires`/`highFires`: a value exactly at that threshold fires too.
 */
export const alarmComparisons = ['above', 'below', 'between', 'outside'] as const;
export type AlarmComparison = (typeof alarmComparisons)[number];

export interface AlarmBound {
  value: number;
  inclusive: boolean;
}

export interface AlarmWords {
  comparison: AlarmComparison;
  low: number | null;
  lowFires: boolean;
  high: number | null;
  highFires: boolean;
}

/** Whether a value exactly at a threshold fires by default: a band's ends belong to it, a limit's value is normal. */
export function thresholdFiresByDefault(comparison: AlarmComparison): boolean {
  return comparison === 'between';
}

/**
 * The stored range and inside flag of a rule in words (decision 0147). Above and below are outside a one-sided range, so
 * an episode's peak is the value farthest past the threshold and hysteresis narrows towards normal.
 */
export function rangeOfWords(words: AlarmWords): { inside: boolean; start: AlarmBound | null; end: AlarmBound | null } {
  const { low, high } = words;
  switch (words.comparison) {
    case 'above':
      return { inside: false, start: null, end: high === null ? null : { value: high, inclusive: !words.highFires } };
    case 'below':
      return { inside: false, start: low === null ? null : { value: low, inclusive: !words.lowFires }, end: null };
    case 'between':
      return {
        inside: true,
        start: low === null ? null : { value: low, inclusive: words.lowFires },
        end: high === null ? null : { value: high, inclusive: words.highFires },
      };
    case 'outside':
      return {
        inside: false,
        start: low === null ? null : { value: low, inclusive: !words.lowFires },
        end: high === null ? null : { value: high, inclusive: !words.highFires },
      };
  }
}

/** A stored rule in words; an inside range open at one end reads as above or below its threshold. */
export function wordsOfRange(rule: { inside: boolean; start: AlarmBound | null; end: AlarmBound | null }): AlarmWords {
  const { inside, start, end } = rule;
  if (inside) {
    if (start && !end)
      return { comparison: 'above', low: null, lowFires: false, high: start.value, highFires: start.inclusive };
    if (end && !start)
      return { comparison: 'below', low: end.value, lowFires: end.inclusive, high: null, highFires: false };
    return {
      comparison: 'between',
      low: start?.value ?? null,
      lowFires: start?.inclusive ?? true,
      high: end?.value ?? null,
      highFires: end?.inclusive ?? true,
    };
  }
  const lowFires = start ? !start.inclusive : false;
  const highFires = end ? !end.inclusive : false;
  if (end && !start) return { comparison: 'above', low: null, lowFires: false, high: end.value, highFires };
  if (start && !end) return { comparison: 'below', low: start.value, lowFires, high: null, highFires: false };
  return { comparison: 'outside', low: start?.value ?? null, lowFires, high: end?.value ?? null, highFires };
}

export const alarmActionTypes = ['email', 'sms', 'webhook', 'user'] as const;
export type AlarmActionType = (typeof alarmActionTypes)[number];

/** Where a notification stands (the action's latest delivery). */
export const alarmDeliveryStatuses = ['sent', 'retrying', 'failed', 'notSent'] as const;
export type AlarmDeliveryStatus = (typeof alarmDeliveryStatuses)[number];

const name = z
  .string({ message: 'Required' })
  .trim()
  .min(1, { message: 'Required', abort: true })
  .max(alarmBounds.nameMax, { message: 'Too long' });

const intId = z.coerce
  .number({ message: 'Invalid id' })
  .int({ message: 'Invalid id' })
  .positive({ message: 'Invalid id' });
const uuid = z.string({ message: 'Required' }).trim().uuid({ message: 'Invalid id' });

const bound = z
  .object({ value: z.number({ message: 'Required' }).finite({ message: 'Invalid number' }), inclusive: z.boolean() })
  .nullish()
  .transform((value) => value ?? null);

/** A zero duration means none: stored as null. */
const duration = alarmDurationSchema
  .nullish()
  .transform((value) => (value && Object.values(value).some((part) => part > 0) ? value : null));

/** An alarm's rule as the editor and the API give it (spec §3 Alarm; semantics: decision 0041). */
export const alarmRuleInput = z
  .object({
    name,
    inside: z.boolean().default(false),
    dataType: z
      .string()
      .nullish()
      .transform((value) => value || null),
    start: bound,
    end: bound,
    duration,
    repeatAfter: duration,
    hysteresis: z
      .number()
      .finite({ message: 'Invalid number' })
      .min(0, { message: 'Must not be negative' })
      .nullish()
      .transform((value) => value || null),
    /** Set: a missing-data alarm (no reading for this long); the range is unused. */
    missingAfter: duration,
    /** Each series' range is its limit's normal band. */
    activeLimit: z.boolean().default(false),
  })
  .superRefine((rule, context) => {
    if (rule.missingAfter || rule.activeLimit) return;
    if (!rule.start && !rule.end)
      context.addIssue({ code: 'custom', path: ['start'], message: alarmErrors.rangeRequired });
    if (rule.start && rule.end && rule.end.value < rule.start.value) {
      context.addIssue({ code: 'custom', path: ['end'], message: alarmErrors.rangeReversed });
    }
  });
export type AlarmRuleInput = z.output<typeof alarmRuleInput>;

export const createAlarmInput = z.object({
  projectId: intId,
  rule: alarmRuleInput,
  /** Series to watch from the start (each of the project). */
  seriesIds: z.array(intId).max(alarmBounds.seriesMax, { message: 'Too many' }).default([]),
  /** Whom it notifies from the start (its actions), saved with it or not at all. */
  actions: z
    .array(z.lazy(() => alarmRecipientInput))
    .max(alarmBounds.actionsMax, { message: 'Too many' })
    .default([]),
});
export const updateAlarmInput = z.object({ id: uuid, rule: alarmRuleInput });
export const alarmsSeriesInput = z.object({ alarmId: uuid, seriesId: intId });
export const alarmPreviewInput = z.object({
  projectId: intId,
  rule: alarmRuleInput,
  seriesIds: z.array(intId).min(1, { message: 'Required' }).max(alarmBounds.seriesMax, { message: 'Too many' }),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'Too long' })
    .nullish()
    .transform((value) => value || null);

/** An action of an alarm: whom it notifies and how. The target its type needs is required. */
const alarmsActionFields = {
  name: optionalText(alarmBounds.nameMax).transform((value) => value ?? ''),
  type: z.enum(alarmActionTypes, { message: 'Required' }),
  active: z.boolean().default(true),
  triggerAtEnd: z.boolean().default(false),
  email: optionalText(254),
  sms: optionalText(32),
  webhook: optionalText(2000),
  userId: uuid.nullish().transform((value) => value ?? null),
};

type ActionFields = {
  type: AlarmActionType;
  email: string | null;
  sms: string | null;
  webhook: string | null;
  userId: string | null;
};

function checkActionTarget(action: ActionFields, context: z.RefinementCtx): void {
  if (action.type === 'email' && !z.email().safeParse(action.email ?? '').success) {
    context.addIssue({ code: 'custom', path: ['email'], message: action.email ? 'Invalid email' : 'Required' });
  }
  if (action.type === 'sms' && !/^\+?[0-9][0-9 ()-]{4,30}$/.test(action.sms ?? '')) {
    context.addIssue({ code: 'custom', path: ['sms'], message: action.sms ? alarmErrors.smsTarget : 'Required' });
  }
  if (action.type === 'webhook') {
    // A scheme, a host and no spaces; the server resolves and vets the host when it sends.
    const valid = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(action.webhook ?? '');
    if (!valid) {
      context.addIssue({
        code: 'custom',
        path: ['webhook'],
        message: action.webhook ? alarmErrors.webhookTarget : 'Required',
      });
    }
  }
  if (action.type === 'user' && !action.userId) {
    context.addIssue({ code: 'custom', path: ['userId'], message: alarmErrors.userRequired });
  }
}

/** An action given with its new alarm (createAlarm's `actions`). */
export const alarmRecipientInput = z.object(alarmsActionFields).superRefine(checkActionTarget);

/** Who acknowledged is the signed-in user, when is now; the comment is optional (decision 0148). */
export const acknowledgementCommentInput = optionalText(alarmBounds.acknowledgementCommentMax);

export const createAlarmsActionInput = z
  .object({ alarmId: uuid, ...alarmsActionFields })
  .superRefine(checkActionTarget);
export const updateAlarmsActionInput = z.object({ id: uuid, ...alarmsActionFields }).superRefine(checkActionTarget);
export type AlarmsActionInput = z.output<typeof createAlarmsActionInput>;
