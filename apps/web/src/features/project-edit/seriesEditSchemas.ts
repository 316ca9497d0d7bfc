import type { schemaResolver } from '@mantine/form';
import {
  createSeriesDatasourceInput,
  createSeriesInput,
  type MeasurementType,
  measurementTypes,
  measurementUnits,
  updateSeriesDatasourceInput,
  updateSeriesInput,
} from '@olo/shared';
import { fromDateTimeInput } from './dateTimeInput.ts';

type StandardSchema = Parameters<typeof schemaResolver>[0];
type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };
type Checked = { issues?: ReadonlyArray<Issue>; value?: unknown };

/**
 * Validates a form with a shared schema after turning its texts (selects hold strings, datetime inputs wall-clock
 * times) into the schema's input. An empty required select says "Required" rather than the schema's "Invalid id",
 * which would puzzle whoever simply has not chosen yet.
 */
export function formSchema<Values>(
  schema: StandardSchema,
  toInput: (values: Values) => unknown,
  requiredSelects: readonly (keyof Values & string)[] = [],
): StandardSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'olo',
      validate: (value: unknown) => {
        const values = value as Values;
        const missing = requiredSelects.filter((field) => !values[field]);
        const withRequired = (checked: Checked): Checked => {
          if (missing.length === 0) return checked;
          const others = (checked.issues ?? []).filter(
            (issue) => !missing.includes(String(issue.path?.[0] ?? '') as keyof Values & string),
          );
          return { issues: [...others, ...missing.map((field) => ({ message: 'Required', path: [field] }))] };
        };
        const result = schema['~standard'].validate(toInput(values)) as Checked | Promise<Checked>;
        return result instanceof Promise ? result.then(withRequired) : withRequired(result);
      },
    },
  } as StandardSchema;
}

/** A schema that accepts anything, for forms whose only rule is a required select. */
const noIssues: StandardSchema = {
  '~standard': { version: 1, vendor: 'olo', validate: (value: unknown) => ({ value }) },
} as StandardSchema;

/** Data types a series may have: every measurement type but 'ignore', which is never shown. */
export const seriesDataTypes = measurementTypes.filter((type) => type !== 'ignore');

export function unitOf(dataType: string): string {
  return (measurementUnits as Record<string, string>)[dataType] ?? '';
}

const idOrNull = (value: string) => (value ? Number(value) : null);

export type SeriesValues = {
  name: string;
  dataType: string;
  dataUnit: string;
  /** '' for no space. */
  spaceId: string;
};

export function newSeriesValues(spaceId: number | null): SeriesValues {
  const dataType: MeasurementType = 'Temperature';
  return { name: '', dataType, dataUnit: unitOf(dataType), spaceId: spaceId === null ? '' : String(spaceId) };
}

export function createSeriesValues(projectId: number, values: SeriesValues) {
  return { projectId, ...values, spaceId: idOrNull(values.spaceId) };
}

export function updateSeriesValues(id: number, values: SeriesValues) {
  return { id, ...values, spaceId: idOrNull(values.spaceId) };
}

export const createSeriesSchema = (projectId: number) =>
  formSchema<SeriesValues>(createSeriesInput, (values) => createSeriesValues(projectId, values), ['dataType']);
export const updateSeriesSchema = (id: number) =>
  formSchema<SeriesValues>(updateSeriesInput, (values) => updateSeriesValues(id, values), ['dataType']);

export type RangeValues = {
  /** Wall-clock times of the project's time zone, as a datetime-local input holds them; '' for open. */
  startAt: string;
  startInclusive: boolean;
  endAt: string;
  endInclusive: boolean;
};

export type DatasourceValues = RangeValues & {
  meterId: string;
  channel: string;
  /** '' for none. */
  functionId: string;
  /** The function's further channels, in the order of its extra types. */
  extraChannels: string[];
};

function rangeInput(values: RangeValues, timeZone: string) {
  return {
    startAt: fromDateTimeInput(values.startAt, timeZone),
    startInclusive: values.startInclusive,
    endAt: fromDateTimeInput(values.endAt, timeZone),
    endInclusive: values.endInclusive,
  };
}

export function createDatasourceValues(seriesId: number, values: DatasourceValues, timeZone: string) {
  return {
    seriesId,
    meterId: idOrNull(values.meterId),
    channel: values.channel,
    ...rangeInput(values, timeZone),
    functionId: values.functionId || null,
    extraChannels: values.functionId ? values.extraChannels : [],
  };
}

export function updateDatasourceValues(id: number, values: RangeValues, timeZone: string) {
  return { id, ...rangeInput(values, timeZone) };
}

export const createDatasourceSchema = (seriesId: number, timeZone: string) =>
  formSchema<DatasourceValues>(
    createSeriesDatasourceInput,
    (values) => createDatasourceValues(seriesId, values, timeZone),
    ['meterId'],
  );
export const updateDatasourceSchema = (id: number, timeZone: string) =>
  formSchema<RangeValues>(updateSeriesDatasourceInput, (values) => updateDatasourceValues(id, values, timeZone));

export type MoveValues = {
  seriesId: string;
  /** '' moves the whole datasources. */
  at: string;
};

export function moveValues(values: MoveValues, timeZone: string) {
  return { seriesId: values.seriesId ? Number(values.seriesId) : 0, at: fromDateTimeInput(values.at, timeZone) };
}

/** Only a target is needed: without a time the whole datasources move. */
export const moveSchema = (timeZone: string) =>
  formSchema<MoveValues>(noIssues, (values) => moveValues(values, timeZone), ['seriesId']);

export type AddMeterValues = {
  meterId: string;
  spaceId: string;
};

export function addMeterValues(values: AddMeterValues) {
  return { meterId: values.meterId ? Number(values.meterId) : 0, spaceId: idOrNull(values.spaceId) };
}

export const addMeterSchema = formSchema<AddMeterValues>(noIssues, addMeterValues, ['meterId']);
