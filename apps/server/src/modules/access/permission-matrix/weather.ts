import { type MatrixRow, projectAdmins, projectViewers } from './roles.ts';

/** Weather sources of X (the matrix world's: an Open-Meteo point, so that no case asks FMI). */
export const weatherRows: MatrixRow[] = [
  { operation: 'weathers', kind: 'query', what: "weather sources, X's among them", allowed: projectViewers },
  { operation: 'weather', kind: 'query', what: "X's weather source by id", allowed: projectViewers },
  { operation: 'Project.weathers', kind: 'query', what: "X's weather sources", allowed: projectViewers },
  { operation: 'projectAddWeather', kind: 'mutation', what: 'add a weather source to X', allowed: projectAdmins },
  { operation: 'projectRemoveWeather', kind: 'mutation', what: 'remove a weather source of X', allowed: projectAdmins },
  {
    operation: 'GET /api/weather/{weatherId}/{period}',
    kind: 'rest',
    what: "observations of X's weather source",
    allowed: projectViewers,
  },
];
