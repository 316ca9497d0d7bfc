import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { shellProject } from '../projects/testProjects.ts';

/** Test-only: server answers of the alarm screens, with the `__typename`s the cache needs. */

export const classroom = { __typename: 'Space', id: 1, name: 'Luokka 201' };

export const co2Series = {
  __typename: 'Serie',
  id: 11,
  name: 'Hiilidioksidi',
  dataType: 'CO2',
  dataUnit: 'ppm',
  spaceId: 1,
};

export const temperatureSeries = {
  __typename: 'Serie',
  id: 12,
  name: 'Lämpötila',
  dataType: 'Temperature',
  dataUnit: '°C',
  spaceId: 1,
};

/** The limit the CO2 series follows (the global default): normal up to 950 ppm. */
export const co2Limit = { __typename: 'Limit', id: 1, name: 'CO2 S2', nameKey: null, normalMin: null, normalMax: 950 };

export function alarmsShell(privileges: ProjectPrivilege[], alarmsTriggeredCount: number) {
  return shellProject(7, 'Koulu', { privileges, alarmsTriggeredCount });
}

const zero = { __typename: 'AlarmDuration', years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };

export function duration(parts: Partial<Record<'days' | 'hours' | 'minutes', number>>) {
  return { ...zero, ...parts };
}

export function alarm(id: string, name: string, state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'Alarm',
    id,
    projectId: 7,
    name,
    inside: true,
    dataType: 'CO2',
    activeLimit: false,
    hysteresis: null,
    range: {
      __typename: 'AlarmRange',
      start: { __typename: 'AlarmBound', value: 1200, inclusive: false },
      end: null,
    },
    duration: null,
    repeatAfter: null,
    missingAfter: null,
    alarmsSeries: [{ __typename: 'AlarmsSeries', alarmId: id, seriesId: 11 }],
    alarmsActions: [],
    ...state,
  };
}

export function projectAlarms(alarms: unknown[]) {
  return {
    data: {
      project: {
        __typename: 'Project',
        id: 7,
        timeZone: 'Europe/Helsinki',
        spaces: [classroom],
        series: [
          { ...co2Series, limit: co2Limit },
          { ...temperatureSeries, limit: null },
        ],
      },
      alarms,
    },
  };
}

export function triggered(id: string, time: string, data: number, state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'AlarmsTriggered',
    id,
    alarmId: 'a1',
    seriesId: 11,
    data,
    peak: null,
    time,
    endAt: null,
    acknowledged: false,
    acknowledgedAt: null,
    acknowledgementComment: null,
    acknowledgedByDeletedUser: false,
    acknowledgedBy: null,
    alarm: { __typename: 'Alarm', id: 'a1', name: 'Ilmanlaatu', dataType: 'CO2' },
    series: co2Series,
    ...state,
  };
}
