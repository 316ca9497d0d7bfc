import {
  findWeatherChannel,
  measurementUnits,
  projectAddWeatherInput,
  projectRemoveWeatherInput,
  type WeatherChannelKey,
  weatherIcon,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { SeriesRef } from '../series/series.graphql.ts';
import type { ProjectWeatherRow, WeatherRow } from './weather.repository.ts';
import type { WeatherLatest } from './weather.service.ts';

const WeatherValueRef = builder.objectRef<WeatherLatest>('WeatherValue').implement({
  description: "A channel's newest value of a weather source.",
  fields: (t) => ({
    channel: t.exposeString('channel', { description: 'temperature, humidity, dewPoint, windSpeed, …' }),
    dataType: t.string({ resolve: (row) => findWeatherChannel(row.channel)?.dataType ?? row.channel }),
    dataUnit: t.string({
      resolve: (row) => {
        const type = findWeatherChannel(row.channel)?.dataType;
        return type ? measurementUnits[type] : '';
      },
    }),
    time: t.expose('time', { type: 'DateTime' }),
    value: t.exposeFloat('value'),
  }),
});

const latestByChannel = (latest: WeatherLatest[]) =>
  Object.fromEntries(latest.map((row) => [row.channel, row.value])) as Partial<Record<WeatherChannelKey, number>>;

export const WeatherRef = builder.objectRef<WeatherRow>('Weather').implement({
  description: 'A weather source: an FMI observation station or an Open-Meteo grid point.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.string({
      description: '"Weather - " and the station: the web app shows it with the word Weather translated.',
      resolve: (row) => `Weather - ${row.name}`,
    }),
    stationName: t.exposeString('name'),
    provider: t.exposeString('provider', { description: 'fmi or open-meteo.' }),
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    dataName: t.string({ resolve: () => 'Weather - Outdoor temperature' }),
    dataType: t.string({
      description: 'Its main channel: the outdoor temperature.',
      resolve: () => 'ExternalTemperature',
    }),
    dataUnit: t.string({ resolve: () => measurementUnits.ExternalTemperature }),
    latestData: t.field({
      type: [WeatherValueRef],
      description: 'The newest value of each channel.',
      resolve: (row, _args, context) => context.loaders.weatherLatest.load(row.id),
    }),
    latestTime: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The newest observation stored.',
      resolve: (row) => row.observedAt,
    }),
    latestValue: t.float({
      nullable: true,
      description: 'The newest outdoor temperature, °C.',
      resolve: async (row, _args, context) =>
        (await context.loaders.weatherLatest.load(row.id)).find((value) => value.channel === 'temperature')?.value,
    }),
    latestIcon: t.string({
      nullable: true,
      description: 'snow, rain, cloudy, partly-cloudy or clear, from the newest values.',
      resolve: async (row, _args, context) =>
        weatherIcon(latestByChannel(await context.loaders.weatherLatest.load(row.id))),
    }),
    latestId: t.string({
      nullable: true,
      description: 'Changes with each new observation: a cache key of the latest values.',
      resolve: (row) => (row.observedAt ? `${row.id}@${row.observedAt.getTime() / 1000}` : null),
    }),
    fetchedAt: t.expose('fetchedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The last fetch that answered.',
    }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description: 'Why the last fetch failed (cleared by a good one), in English.',
    }),
    lastErrorAt: t.expose('lastErrorAt', { type: 'DateTime', nullable: true }),
  }),
});

const ProjectWeatherRef = builder.objectRef<ProjectWeatherRow>('ProjectWeather').implement({
  description: "A project's weather source: its channels are the project's weather series.",
  fields: (t) => ({
    weatherId: t.exposeInt('weatherId'),
    weather: t.field({
      type: WeatherRef,
      resolve: async (row, _args, context) => (await context.loaders.weatherById.load(row.weatherId)) as WeatherRow,
    }),
    distanceKm: t.exposeFloat('distanceKm', { nullable: true, description: "From the project's location, km." }),
    backfillFrom: t.expose('backfillFrom', { type: 'DateTime', nullable: true }),
    backfillUntil: t.expose('backfillUntil', { type: 'DateTime', nullable: true }),
    backfilledTo: t.expose('backfilledTo', { type: 'DateTime', nullable: true }),
    backfillProgress: t.float({
      description: "Share of the project's range fetched from the provider's archive, 0–1.",
      resolve: (row) => {
        if (!row.backfillFrom || !row.backfillUntil || !row.backfilledTo) return 1;
        const whole = row.backfillUntil.getTime() - row.backfillFrom.getTime();
        if (whole <= 0) return 1;
        return Math.min(1, Math.max(0, (row.backfilledTo.getTime() - row.backfillFrom.getTime()) / whole));
      },
    }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  weathers: t.field({
    type: [ProjectWeatherRef],
    description: 'Its weather sources, by when they were added.',
    resolve: (project, _args, context) => context.loaders.projectWeathers.load(project.id),
  }),
}));

builder.objectFields(SeriesRef, (t) => ({
  weatherId: t.exposeInt('weatherId', { nullable: true, description: 'The weather source of a weather series.' }),
  weatherChannel: t.exposeString('weatherChannel', {
    nullable: true,
    description: "The source's channel a weather series shows (temperature, humidity, …).",
  }),
}));

builder.queryFields((t) => ({
  weathers: t.field({
    type: [WeatherRef],
    description: 'Site admins: every source; others: those of the projects they see.',
    resolve: (_root, _args, context) => context.services.weather.list(context.access),
  }),
  weather: t.field({
    type: WeatherRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.weather.findViewable(context.access, args.id),
  }),
}));

builder.mutationFields((t) => ({
  projectAddWeather: t.field({
    type: ProjectWeatherRef,
    description:
      "Adds the weather of the project's location: the nearest FMI station within 50 km, else Open-Meteo's grid point.",
    args: { projectId: t.arg.int({ required: true }), provider: t.arg.string() },
    resolve: async (_root, args, context) => {
      const input = parseInput(projectAddWeatherInput, {
        projectId: args.projectId,
        provider: args.provider ?? undefined,
      });
      return (await context.services.weather.addToProject(context.access, input)).link;
    },
  }),
  projectRemoveWeather: t.boolean({
    description: 'Removes a weather source from a project, with its weather series.',
    args: { projectId: t.arg.int({ required: true }), weatherId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.weather.removeFromProject(context.access, parseInput(projectRemoveWeatherInput, args)),
  }),
}));
