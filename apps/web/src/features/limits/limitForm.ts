import { createLimitInput, type LimitScale, limitScale, measurementTypes, measurementUnits } from '@olo/shared';
import { formSchema } from '../forms/formSchema.ts';

/** A number field of the form: Mantine's NumberInput holds '' while it is empty. */
export type NumberField = number | '';

/**
 * A limit as its editor holds it. `limits` and `colors` run side by side, one row a band (the band that ends at
 * `limits[i]` takes `colors[i]`), so that the shared schema's issues (`limits.2`, `colors.0`) land on the row's inputs.
 */
export interface LimitFormValues extends Record<string, unknown> {
  name: string;
  dataType: string;
  order: NumberField;
  min: NumberField;
  max: NumberField;
  limits: NumberField[];
  colors: string[];
  maxcolor: string;
  normalMin: NumberField;
  normalMax: NumberField;
  split: boolean;
  opacity: number;
}

/** What the form is filled with: a stored limit to edit, or nothing for a new one. */
export interface EditedLimit extends LimitScale {
  id: number;
  name: string;
  dataType: string;
  order: number;
}

/** A new limit's starting point: a three-band scale the user then adjusts. */
export function newLimitValues(order: number): LimitFormValues {
  return {
    name: '',
    dataType: '',
    order,
    min: 0,
    max: 100,
    limits: [33, 66],
    colors: ['#2f9e44', '#f08c00'],
    maxcolor: '#e03131',
    normalMin: '',
    normalMax: '',
    split: true,
    opacity: 0.2,
  };
}

export function limitFormValues(limit: EditedLimit): LimitFormValues {
  return {
    name: limit.name,
    dataType: limit.dataType,
    order: limit.order,
    min: limit.min,
    max: limit.max,
    limits: [...limit.limits],
    colors: [...limit.colors],
    maxcolor: limit.maxcolor,
    normalMin: limit.normalMin ?? '',
    normalMax: limit.normalMax ?? '',
    split: limit.split,
    opacity: limit.opacity,
  };
}

/** An empty required number is missing (the schema says "Required"); an empty optional bound is open. */
const required = (value: NumberField) => (typeof value === 'number' ? value : undefined);
const optional = (value: NumberField) => (typeof value === 'number' ? value : null);

/** The form's values as `createLimitInput` reads them (without the owner, which the screen knows). */
export function limitInputOf(values: LimitFormValues) {
  return {
    name: values.name,
    dataType: values.dataType,
    order: required(values.order),
    min: required(values.min),
    max: required(values.max),
    limits: values.limits.map(required),
    colors: values.colors,
    maxcolor: values.maxcolor,
    normalMin: optional(values.normalMin),
    normalMax: optional(values.normalMax),
    split: values.split,
    opacity: values.opacity,
  };
}

/**
 * The editor's validation: the shared `createLimitInput` (edges ascending inside min..max, hex colours, ...). The
 * scale is checked on its own too (`limitScale`): zod skips an object's refinements while another field (an unchosen
 * type, say) is missing, and the edges' problems should show at once, not after the type is chosen.
 */
export const limitFormSchema = formSchema<LimitFormValues>({
  schema: createLimitInput,
  toInput: limitInputOf,
  requiredSelects: ['dataType'],
  issues: (values) => {
    const { name: _name, dataType: _dataType, order, ...scale } = limitInputOf(values);
    const scaleIssues = limitScale.safeParse(scale).error?.issues ?? [];
    return [
      ...(order === undefined ? [{ message: 'Required', path: ['order'] }] : []),
      ...scaleIssues.map((issue) => ({ message: issue.message, path: issue.path })),
    ];
  },
});

/**
 * The scale the preview draws while the form is being edited: the typed values when they make sense, else nothing
 * (a preview of a half-typed scale would only flicker).
 */
export function previewScale(values: LimitFormValues): LimitScale | null {
  const { min, max } = values;
  if (typeof min !== 'number' || typeof max !== 'number' || !(max > min)) return null;
  const limits = values.limits.filter((edge): edge is number => typeof edge === 'number' && edge > min && edge < max);
  if (limits.length !== values.limits.length || limits.some((edge, i) => i > 0 && edge <= (limits[i - 1] as number)))
    return null;
  const hex = /^#[0-9a-fA-F]{6}$/;
  const colors = values.colors.map((color) => (hex.test(color) ? color : '#868e96'));
  return {
    min,
    max,
    limits,
    colors,
    maxcolor: hex.test(values.maxcolor) ? values.maxcolor : '#868e96',
    normalMin: optional(values.normalMin),
    normalMax: optional(values.normalMax),
    split: values.split,
    opacity: values.opacity,
  };
}

/**
 * Where a new band's edge goes: halfway between the last edge (or min) and max, so that the scale stays valid.
 * Rounded to what the scale's span reads in.
 */
export function nextEdge(values: Pick<LimitFormValues, 'min' | 'max' | 'limits'>): number {
  const min = typeof values.min === 'number' ? values.min : 0;
  const max = typeof values.max === 'number' ? values.max : min + 100;
  const last = [...values.limits].reverse().find((edge): edge is number => typeof edge === 'number') ?? min;
  const middle = (Math.max(last, min) + max) / 2;
  const step = 10 ** Math.floor(Math.log10(Math.max(Math.abs(max - min), 1e-9)) - 1);
  return Math.round(middle / step) * step;
}

export const sampleDayPoints = 24 * 6;

/**
 * A made-up day of values of the scale, one every 10 minutes from `start` (seconds): a slow swing from the middle of
 * the lowest band to the middle of the highest, with a little ripple, so that the sample graph crosses every edge.
 */
export function sampleDay(scale: Pick<LimitScale, 'min' | 'max' | 'limits'>, start: number): [number[], number[]] {
  const edges = [scale.min, ...scale.limits, scale.max];
  const low = ((edges[0] as number) + (edges[1] as number)) / 2;
  const high = ((edges[edges.length - 2] as number) + (edges[edges.length - 1] as number)) / 2;
  const span = scale.max - scale.min;
  const times: number[] = [];
  const values: number[] = [];
  for (let point = 0; point < sampleDayPoints; point++) {
    const phase = point / sampleDayPoints;
    const swing = 0.5 - 0.5 * Math.cos(2 * Math.PI * phase);
    const ripple = Math.sin(phase * 2 * Math.PI * 9) * span * 0.02;
    times.push(start + point * 600);
    values.push(Math.min(scale.max, Math.max(scale.min, low + (high - low) * swing + ripple)));
  }
  return [times, values];
}

/** The value the gauge preview starts at: the middle of the normal range, else of the scale. */
export function sampleValue(scale: LimitScale): number {
  if (scale.normalMin !== null && scale.normalMax !== null) return (scale.normalMin + scale.normalMax) / 2;
  return (scale.min + scale.max) / 2;
}

/** Measurement types a limit can be made for: every one but `ignore`, which is never shown. */
export const limitDataTypes = measurementTypes.filter((type) => type !== 'ignore');

export function unitOf(dataType: string): string {
  return (measurementUnits as Record<string, string>)[dataType] ?? '';
}
