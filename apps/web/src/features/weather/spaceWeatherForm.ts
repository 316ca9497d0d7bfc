import type { FormIssue } from '../forms/formSchema.ts';

/** A space's weather settings as its edit form holds them: selects hold ids as text, '' for none. */
export type SpaceWeatherValues = {
  weather: boolean;
  weatherId: string;
  weatherDatatype: string;
  weatherLimit: string;
};

export function spaceWeatherValues(space: {
  weather?: boolean | null;
  weatherId?: number | null;
  weatherDatatype?: string | null;
  weatherLimit?: number | null;
}): SpaceWeatherValues {
  return {
    weather: Boolean(space.weather),
    weatherId: space.weatherId == null ? '' : String(space.weatherId),
    weatherDatatype: space.weatherDatatype ?? '',
    weatherLimit: space.weatherLimit == null ? '' : String(space.weatherLimit),
  };
}

/** The settings as `updateSpace` takes them; a space without weather keeps no source, type or limit. */
export function spaceWeatherInput(values: SpaceWeatherValues) {
  if (!values.weather) return { weather: false, weatherId: null, weatherDatatype: null, weatherLimit: null };
  return {
    weather: true,
    weatherId: values.weatherId ? Number(values.weatherId) : null,
    weatherDatatype: values.weatherDatatype || null,
    weatherLimit: values.weatherLimit ? Number(values.weatherLimit) : null,
  };
}

/** A space that shows weather needs a source and a weather type to show. */
export function spaceWeatherIssues(values: SpaceWeatherValues): FormIssue[] {
  if (!values.weather) return [];
  return [
    ...(values.weatherId ? [] : [{ message: 'Required', path: ['weatherId'] }]),
    ...(values.weatherDatatype ? [] : [{ message: 'Required', path: ['weatherDatatype'] }]),
  ];
}

/** The measurement types of a source's weather series, outdoor temperature first. */
export function weatherDataTypes(
  series: readonly { weatherId?: number | null; dataType: string }[],
  weatherId: number,
): string[] {
  const types = [...new Set(series.filter((one) => one.weatherId === weatherId).map((one) => one.dataType))];
  return types.sort((a, b) => Number(b === 'ExternalTemperature') - Number(a === 'ExternalTemperature'));
}
