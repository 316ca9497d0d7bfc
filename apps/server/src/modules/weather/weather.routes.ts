import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../shared/errors.ts';
import { dataErrorAnswers, sendDataAnswer } from '../data/data.routes.ts';
import { type WeatherDataService, weatherDataRequestSchema } from './weather-data.ts';

/** GET /api/weather/{weatherId}/{period}: a weather source's observations in slots, answered as the data API's. */
export function registerWeatherRoutes(app: FastifyInstance, deps: { weatherData: WeatherDataService }) {
  app.get<{ Params: Record<string, string>; Querystring: Record<string, string> }>(
    '/api/weather/:weatherId/:period',
    { errorHandler: dataErrorAnswers },
    async (request, reply) => {
      const input = parseInput(weatherDataRequestSchema, { ...request.query, ...request.params });
      const answer = await deps.weatherData.periodData(await request.viewer(), input);
      // Members and visitors of a public link may be let see different sources at one address.
      return sendDataAnswer(request, reply, answer, ['Cookie']);
    },
  );
}
