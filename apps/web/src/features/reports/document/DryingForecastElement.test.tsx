// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { DataSeries } from '@olo/data-engine';
import { aggregateOf, bodyOf } from '@olo/data-engine/testing/data-bodies';
import { type ReportElementOf, reportElementSchema } from '@olo/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomPolyfills } from '../../../testing/renderApp.tsx';
import { createTestI18n } from '../../../testing/translations.ts';
import { DryingForecastElement } from './DryingForecastElement.tsx';
import type { ReportScope, ReportSeriesInfo } from './reportScope.ts';

const timeZone = 'Europe/Helsinki';
const day = 86_400;
/** 1–21 November 2026, Helsinki days. */
const from = Date.parse('2026-10-31T22:00:00Z');
const to = Date.parse('2026-11-21T22:00:00Z');
const dryingLimit = {
  min: 0,
  max: 100,
  limits: [80, 85, 90],
  colors: ['#2b8a3e', '#5c940d', '#f59f00'],
  maxcolor: '#e03131',
  split: false,
  opacity: 0.25,
  normalMin: null,
  normalMax: 85,
};
const series: ReportSeriesInfo[] = [
  {
    id: 21,
    name: 'Rakenteen kosteus',
    spaceId: 1,
    dataType: 'Structure humidity',
    dataUnit: '%RH',
    color: null,
    limit: dryingLimit,
  },
  { id: 22, name: 'Kosteus', spaceId: 1, dataType: 'Humidity', dataUnit: '%RH', color: null, limit: null },
  { id: 23, name: 'Lämpötila', spaceId: 1, dataType: 'Temperature', dataUnit: '°C', color: null, limit: null },
  {
    id: 24,
    name: 'Sää - Absoluuttinen kosteus',
    spaceId: null,
    dataType: 'Absolute humidity',
    dataUnit: 'g/m³',
    weatherId: 5,
    color: null,
    limit: null,
  },
];
const bodySeries: DataSeries[] = series.map((item) => ({
  id: item.id,
  name: item.name,
  spaceId: item.spaceId,
  dataType: item.dataType,
  dataUnit: item.dataUnit,
  dataName: null,
  colorId: null,
  limitId: null,
}));

/** A day's value: the slab falls 0.5 %RH a day from 90 % (85.05 % on 11.11., under 85 % from 12.11.), the room 50 %RH at 20 °C, outdoors 4 g/m³. */
function dayValue(slotStart: number, seriesId: number) {
  const dayIndex = Math.round((slotStart * 1000 - from) / (day * 1000));
  const wobble = dayIndex % 2 === 0 ? 0.05 : -0.05;
  const value = { 21: 90 - 0.5 * dayIndex + wobble, 22: 50, 23: 20, 24: 4 }[seriesId];
  return value === undefined ? null : aggregateOf([value]);
}

function stubDataApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [projectId, period, dataId, slot] = new URL(url, 'http://olo.test').pathname.split('/').slice(-4);
      const body = bodyOf({
        projectId: Number(projectId),
        period: period as string,
        dataId: dataId as string,
        slotSeconds: Number(slot),
        timeZone,
        series: bodySeries,
        spaces: [{ id: 1, name: 'Porras B', show: true }],
        values: dayValue,
      });
      return { ok: true, status: 200, json: async () => body };
    }),
  );
}

let dataIds = 0;
function scope(): ReportScope {
  dataIds += 1;
  return {
    report: {
      name: 'Kuivuminen',
      content: { version: 1, elements: [] },
      dataslots: [],
      from,
      to,
      landscape: false,
      cover: null,
    },
    context: {
      projectId: 9,
      projectName: 'Kerrostalo',
      projectCode: null,
      organizationName: 'Rakentaja',
      timeZone,
      dataId: `0b6c1f2e-0000-4000-9000-${String(dataIds).padStart(12, '0')}`,
      startAt: null,
      defaultSelect: 7,
      defaults: {},
      spaces: [
        {
          id: 1,
          name: 'Porras B',
          show: true,
          color: null,
          weather: true,
          weatherId: 5,
          weatherDatatype: 'Absolute humidity',
        },
      ],
      series,
      episodes: [],
    },
    sources: { dataPath: '/api/data', attachmentUrl: (id) => `/api/attachments/${id}` },
    currentSpace: null,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DryingForecastElement', () => {
  it('forecasts the chosen slab series and gives the absolute humidity indoors and outdoors beside it', async () => {
    stubDataApi();
    installDomPolyfills();
    const element = reportElementSchema.parse({
      id: 'forecast',
      kind: 'dryingForecast',
      title: 'Kuivumisennuste',
      series: [{ space: { kind: 'all' }, dataType: null }],
      data: { slot: day },
    }) as ReportElementOf<'dryingForecast'>;
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <MantineProvider>
          <DryingForecastElement element={element} scope={scope()} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const root = await screen.findByTestId('report-dryingForecast');
    await waitFor(() => expect(root.dataset.reportElementReady).toBe('true'), { timeout: 5000 });
    expect(within(root).getByRole('heading', { name: 'Kuivumisennuste' })).toBeTruthy();
    // Only the slab has drying targets: one forecast, under its space's name.
    expect(within(root).getByRole('region', { name: 'Porras B · Rakenteen kosteus' })).toBeTruthy();
    expect(within(root).queryByTestId('drying-forecast-22')).toBeNull();
    const items = within(root).getByTestId('drying-forecast-text-21').querySelectorAll('li');
    expect(items[0]?.textContent).toBe('85 %RH reached on 11/12');
    // 80 % on day 20, 21 November.
    expect(items[1]?.textContent).toMatch(
      /^Forecast: 80 %RH reached around 11\/2[01] \(between 11\/\d+ and 11\/\d+\)$/,
    );
    // 50 %RH at 20 °C holds 8.6 g/m³ of water; outdoors 4 g/m³.
    expect(within(root).getByTestId('drying-forecast-humidity-21').textContent).toBe(
      'Absolute humidity over the window: indoors 8.6 g/m³, outdoors 4.0 g/m³',
    );
  });
});
