import {
  createSeriesDatasourceInput,
  createSeriesInput,
  type MeasurementType,
  measurementTypes,
  measurementUnits,
  updateSeriesDatasourceInput,
  updateSeriesInput,
} from '@olo/shared';
import { formSchema } from '../forms/formSchema.ts';
import { fromDateTimeInput } from '../project-edit/dateTimeInput.ts';

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
  formSchema<SeriesValues>({
    schema: createSeriesInput,
    toInput: (values) => createSeriesValues(projectId, values),
    requiredSelects: ['dataType'],
  });
export const updateSeriesSchema = (id: number) =>
  formSchema<SeriesValues>({
    schema: updateSeriesInput,
    toInput: (values) => updateSeriesValues(id, values),
    requiredSelects: ['dataType'],
  });

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
  formSchema<DatasourceValues>({
    schema: createSeriesDatasourceInput,
    toInput: (values) => createDatasourceValues(seriesId, values, timeZone),
    requiredSelects: ['meterId'],
  });
export const updateDatasourceSchema = (id: number, timeZone: string) =>
  formSchema<RangeValues>({
    schema: updateSeriesDatasourceInput,
    toInput: (values) => updateDatasourceValues(id, values, timeZone),
  });

export type MoveValues = {
  seriesId: string;
  /** '' moves the whole datasources. */
  at: string;
};

export function moveValues(values: MoveValues, timeZone: string) {
  return { seriesId: values.seriesId ? Number(values.seriesId) : 0, at: fromDateTimeInput(values.at, timeZone) };
}

/** Only a target is needed: without a time the whole datasources move. */
export const moveSchema = formSchema<MoveValues>({ requiredSelects: ['seriesId'] });

export type AddMeterValues = {
  meterId: string;
  spaceId: string;
};

export function addMeterValues(values: AddMeterValues) {
  return { meterId: values.meterId ? Number(values.meterId) : 0, spaceId: idOrNull(values.spaceId) };
}

export const addMeterSchema = formSchema<AddMeterValues>({ requiredSelects: ['meterId'] });
