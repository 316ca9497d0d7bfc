// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { DataSeries, SlotAggregate } from '@olo/data-engine';
import { aggregateOf, bodyOf } from '@olo/data-engine/testing/data-bodies';
import {
  type Language,
  type ReportElement,
  type ReportElementOf,
  reportContentSchema,
  reportElementSchema,
} from '@olo/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomPolyfills } from '../../../testing/renderApp.tsx';
import { createTestI18n } from '../../../testing/translations.ts';
import { DataTableElement } from './DataTableElement.tsx';
import { GraphElement } from './GraphElement.tsx';
import { ImageTourElement } from './ImageTourElement.tsx';
import { ReportDocument } from './ReportDocument.tsx';
import type { ReportContextInfo, ReportScope, ReportSeriesInfo } from './reportScope.ts';
import { SummaryElement } from './SummaryElement.tsx';

const timeZone = 'Europe/Helsinki';
/** Monday 23 and Tuesday 24 March 2026, Helsinki days. */
const from = Date.parse('2026-03-22T22:00:00Z');
const to = Date.parse('2026-03-24T22:00:00Z');
const day = 86_400;

const co2Limit = {
  min: 400,
  max: 2000,
  limits: [800, 1200],
  colors: ['#2f9e44', '#f59f00'],
  maxcolor: '#e03131',
  split: true,
  opacity: 0.25,
  normalMin: null,
  normalMax: 1000,
};

const contextSeries: ReportSeriesInfo[] = [
  { id: 11, name: 'Lämpötila', spaceId: 1, dataType: 'Temperature', dataUnit: '°C', color: null, limit: null },
  { id: 12, name: 'CO2', spaceId: 1, dataType: 'CO2', dataUnit: 'ppm', color: '#1c7ed6', limit: co2Limit },
  { id: 13, name: 'CO2', spaceId: 2, dataType: 'CO2', dataUnit: 'ppm', color: null, limit: co2Limit },
  // The project's weather source 5 (Kaisaniemi): shown only beside the spaces that choose it.
  {
    id: 14,
    name: 'Sää - Ulkolämpötila',
    spaceId: null,
    dataType: 'ExternalTemperature',
    dataUnit: '°C',
    weatherId: 5,
    color: null,
    limit: null,
  },
];
const bodySeries: DataSeries[] = contextSeries.map((item) => ({
  id: item.id,
  name: item.name,
  spaceId: item.spaceId,
  dataType: item.dataType,
  dataUnit: item.dataUnit,
  dataName: null,
  colorId: null,
  limitId: null,
}));

/** Readings by series and Helsinki day of March: Luokka 101's CO2 is fair on Monday, poor on Tuesday. */
const readings: Record<number, Record<number, number[]>> = {
  11: { 23: [20, 22], 24: [21] },
  12: { 23: [700, 900], 24: [1300] },
  13: { 23: [500], 24: [520] },
  14: { 23: [2, 4], 24: [1] },
};

function valuesOf(slotStart: number, seriesId: number): SlotAggregate | null {
  const dayOfMonth = new Date(slotStart * 1000 + 3 * 3_600_000).getUTCDate();
  const values = readings[seriesId]?.[dayOfMonth];
  return values ? aggregateOf(values) : null;
}

/** The data API of the test: bodies built by the engine's own test helper from `readings`; the paths asked. */
function stubDataApi() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const parts = new URL(url, 'http://olo.test').pathname.split('/');
      const [projectId, period, dataId, slot] = parts.slice(-4);
      const body = bodyOf({
        projectId: Number(projectId),
        period: period as string,
        dataId: dataId as string,
        slotSeconds: Number(slot),
        timeZone,
        series: bodySeries,
        spaces: [
          { id: 1, name: 'Luokka 101', show: true },
          { id: 2, name: 'Sali', show: true },
        ],
        values: valuesOf,
      });
      return { ok: true, status: 200, json: async () => body };
    }),
  );
  return urls;
}

let dataIds = 0;
/** Each test its own dataId: engines are shared by view for a while after their elements go. */
function testContext(overrides: Partial<ReportContextInfo> = {}): ReportContextInfo {
  dataIds += 1;
  return {
    projectId: 7,
    projectName: 'Koulu',
    projectCode: null,
    organizationName: 'Kunta',
    timeZone,
    dataId: `0b6c1f2e-0000-4000-8000-${String(dataIds).padStart(12, '0')}`,
    startAt: null,
    defaultSelect: 7,
    defaults: {},
    spaces: [
      { id: 1, name: 'Luokka 101', show: true, color: null },
      { id: 2, name: 'Sali', show: true, color: null },
    ],
    series: contextSeries,
    episodes: [],
    ...overrides,
  };
}

function testScope(overrides: Partial<ReportScope> = {}): ReportScope {
  return {
    report: {
      name: 'Maaliskuu',
      content: { version: 1, elements: [] },
      dataslots: [
        {
          id: 'school',
          name: 'Kouluaika',
          range: { kind: 'whole' },
          filters: [{ type: 'weekrange', hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })) }],
          nulls: false,
          mode: 'avg',
          slot: day,
        },
      ],
      from,
      to,
      landscape: false,
      cover: null,
    },
    context: testContext(),
    sources: { dataPath: '/api/data', attachmentUrl: (id) => `/api/attachments/${id}` },
    currentSpace: null,
    ...overrides,
  };
}

function element<K extends ReportElement['kind']>(fields: { kind: K } & Record<string, unknown>): ReportElementOf<K> {
  return reportElementSchema.parse({ id: `e-${fields.kind}`, ...fields }) as ReportElementOf<K>;
}

const luokka = { kind: 'space', id: 1, name: 'Luokka 101' };
const daily = { slot: day };

function draw(node: React.ReactNode, language: Language = 'en') {
  installDomPolyfills();
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );
}

async function whenReady(testId: string): Promise<HTMLElement> {
  const root = await screen.findByTestId(testId);
  await waitFor(() => expect(root.dataset.reportElementReady).toBe('true'), { timeout: 5000 });
  return root;
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a data table', () => {
  it("lists each series' lowest, mean and highest reading and the readings, rounded and coloured by the limit", async () => {
    stubDataApi();
    draw(
      <DataTableElement
        element={element({ kind: 'dataTable', title: 'Olosuhteet', series: [{ space: luokka }], data: daily })}
        scope={testScope()}
      />,
    );
    const root = await whenReady('report-dataTable');
    expect(within(root).getByRole('heading', { name: 'Olosuhteet' })).toBeTruthy();
    const co2 = within(root).getByTestId('summary-row-12');
    // (700 + 900 + 1300) / 3 = 966.7, shown as CO2 is: whole ppm; in the fair band of its limit.
    expect(cellTexts(co2)).toEqual(['Luokka 101', 'CO2', '700 ppm', '967 ppm', '1300 ppm', '3']);
    expect(within(co2).getByTestId('summary-avg').dataset.bandColor).toBe('#f59f00');
    expect(within(co2).getByTestId('summary-max').dataset.bandColor).toBe('#e03131');
    expect(cellTexts(within(root).getByTestId('summary-row-11'))).toEqual([
      'Luokka 101',
      'Lämpötila',
      '20.0 °C',
      '21.0 °C',
      '22.0 °C',
      '3',
    ]);
    // Only the chosen space's series.
    expect(within(root).queryByTestId('summary-row-13')).toBeNull();
  });

  it('gives a row per day of the project and a column per series', async () => {
    stubDataApi();
    draw(
      <DataTableElement
        element={element({
          kind: 'dataTable',
          layout: 'slots',
          series: [{ space: { kind: 'all' }, dataType: 'CO2' }],
          data: daily,
        })}
        scope={testScope()}
      />,
    );
    const root = await whenReady('report-dataTable');
    const table = within(root).getByTestId('report-slot-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Luokka 101 · CO2 (ppm)', 'Sali · CO2 (ppm)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellTexts)).toEqual([
      ['23 Mar 2026', '800', '500'],
      ['24 Mar 2026', '1300', '520'],
    ]);
    // 800 is the fair band's lower edge: it takes that band's colour.
    expect(within(rows[0] as HTMLElement).getAllByTestId('report-cell-12')[0]?.dataset.bandColor).toBe('#f59f00');
  });
});

describe('a summary', () => {
  it('gives the shares of time by band and above the normal range, naming the data slot and its hours', async () => {
    stubDataApi();
    const scope = testScope({
      context: testContext({
        episodes: [
          {
            id: 'a',
            alarmName: 'CO2 yli 1000',
            seriesId: 12,
            start: Date.parse('2026-03-24T07:00:00Z'),
            end: Date.parse('2026-03-24T09:30:00Z'),
            peak: 1412.4,
          },
          {
            id: 'b',
            alarmName: 'CO2 yli 1000',
            seriesId: 12,
            start: Date.parse('2026-03-24T20:00:00Z'),
            end: null,
            peak: null,
          },
          // Before the range, and of a series not chosen: neither is listed.
          {
            id: 'c',
            alarmName: 'Vanha',
            seriesId: 12,
            start: Date.parse('2026-03-01T07:00:00Z'),
            end: Date.parse('2026-03-01T08:00:00Z'),
            peak: 1100,
          },
          { id: 'd', alarmName: 'Sali', seriesId: 13, start: Date.parse('2026-03-23T07:00:00Z'), end: null, peak: 900 },
        ],
      }),
    });
    draw(
      <SummaryElement
        element={element({
          kind: 'summary',
          title: 'Ilmanlaatu',
          series: [{ space: luokka, dataType: 'CO2' }],
          data: { dataslotId: 'school' },
        })}
        scope={scope}
      />,
    );
    const root = await whenReady('report-summary');
    expect(within(root).getByTestId('report-view-line').textContent).toBe('Kouluaika · 23–24 Mar 2026 · Mon–Fri 8–16');
    expect(within(root).getByTestId('report-summary-stats-12').textContent).toBe(
      'Minimum 700 ppm, average 967 ppm, maximum 1300 ppm',
    );
    const shares = within(root).getByTestId('report-summary-shares-12');
    // Monday's mean 800 is fair, Tuesday's 1300 poor and above the normal range: a day each, half the time.
    expect(
      within(shares)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CO2 above 1000 ppm 50.0% of the time',
      'below 800 ppm: 0.0% of the time',
      '800–1200 ppm: 50.0% of the time',
      '1200 ppm or more: 50.0% of the time',
    ]);
    const episodes = within(root).getByTestId('report-episodes');
    const items = within(episodes)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^CO2 yli 1000CO2 · 24\/03\/2026, 09:00, lasted 2 hours and 30 minutes · peak 1412 ppm$/);
    expect(items[1]).toMatch(/^CO2 yli 1000CO2 · 24\/03\/2026, 22:00, still open \(.+ so far\)$/);
  });

  it('gives the outdoor weather its space shows and the difference across the envelope', async () => {
    stubDataApi();
    const spaces = [
      {
        id: 1,
        name: 'Luokka 101',
        show: true,
        color: null,
        weather: true,
        weatherId: 5,
        weatherDatatype: 'ExternalTemperature',
      },
      { id: 2, name: 'Sali', show: true, color: null },
    ];
    draw(
      <SummaryElement
        element={element({
          kind: 'summary',
          series: [
            { space: luokka, dataType: 'Temperature' },
            { space: luokka, dataType: 'CO2' },
          ],
          data: daily,
        })}
        scope={testScope({ context: testContext({ spaces }) })}
      />,
    );
    const root = await whenReady('report-summary');
    // Outdoors averaged 3 °C on Monday and 1 °C on Tuesday; indoors 21 °C both days: 18 and 20 degrees warmer.
    expect(within(root).getByTestId('report-summary-outdoor-11').textContent).toBe(
      'Sää - Ulkolämpötila: average 2.0 °C · Difference to outdoors on average 19.0 °C',
    );
    // CO2 is compared with outdoor air (420 ppm): Monday's 800 and Tuesday's 1300 give 630 above.
    expect(within(root).getByTestId('report-summary-outdoor-12').textContent).toBe(
      'Sää - Ulkolämpötila: average 2.0 °C · CO2 above outdoors on average 630 ppm',
    );
    // The weather is context: no summary of its own.
    expect(within(root).queryByTestId('report-summary-stats-14')).toBeNull();
  });

  it("speaks the report's language", async () => {
    stubDataApi();
    draw(
      <SummaryElement
        element={element({ kind: 'summary', series: [{ space: luokka, dataType: 'CO2' }], data: daily })}
        scope={testScope()}
      />,
      'fi',
    );
    const root = await whenReady('report-summary');
    expect(within(root).getByTestId('report-summary-stats-12').textContent).toBe(
      'Pienin 700 ppm, keskiarvo 967 ppm, suurin 1300 ppm',
    );
    expect(within(root).getByTestId('report-summary-shares-12').textContent).toContain(
      'CO2 yli 1000 ppm 50,0\u00a0% ajasta',
    );
    expect(within(root).getByTestId('report-no-episodes').textContent).toBe('Ajanjaksolla ei ollut hälytyksiä.');
  });

  it('says so when its data could not be loaded, and is ready rather than waiting for ever', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: false, status: 404, json: async () => ({ error: 'Not found' }) })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    draw(
      <SummaryElement
        element={element({ kind: 'summary', series: [{ space: luokka }], data: daily })}
        scope={testScope()}
      />,
    );
    const root = await whenReady('report-summary');
    expect(within(root).getByTestId('report-failed').textContent).toBe('Some of the data could not be loaded.');
    expect(within(root).getByTestId('report-empty').textContent).toBe('Timespan has no data.');
  });

  it('says so when nothing is chosen, and is ready at once without asking for data', async () => {
    const urls = stubDataApi();
    draw(<SummaryElement element={element({ kind: 'summary' })} scope={testScope()} />);
    const root = await whenReady('report-summary');
    expect(within(root).getByText('No series chosen.')).toBeTruthy();
    expect(urls).toEqual([]);
  });
});

describe('a graph', () => {
  it("draws the summary view's graphs, one per space and unit, from the report's own data path", async () => {
    const urls = stubDataApi();
    draw(
      <GraphElement
        element={element({ kind: 'graph', title: 'Kuvaaja', series: [{ space: { kind: 'all' } }], data: daily })}
        scope={testScope({
          sources: { dataPath: '/api/public-reports/p1/data', attachmentUrl: (id) => `/x/${id}` },
        })}
      />,
    );
    const root = await whenReady('report-graph');
    expect(
      within(root)
        .getAllByTestId('summary-graph')
        .map((graph) => graph.getAttribute('aria-label')),
    ).toEqual(['Luokka 101 · Temperature (°C)', 'Luokka 101 · CO2 (ppm)', 'Sali · CO2 (ppm)']);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((url) => url.startsWith('/api/public-reports/p1/data/7/2026-03-2'))).toBe(true);
  });

  it('shares the slices with the other elements of the same view', async () => {
    const urls = stubDataApi();
    const scope = testScope();
    draw(
      <>
        <GraphElement element={element({ kind: 'graph', series: [{ space: luokka }], data: daily })} scope={scope} />
        <DataTableElement
          element={element({ kind: 'dataTable', series: [{ space: { kind: 'all' } }], data: daily })}
          scope={scope}
        />
      </>,
    );
    await whenReady('report-graph');
    await whenReady('report-dataTable');
    expect([...urls].sort()).toEqual([...new Set(urls)].sort());
  });
});

describe('an image tour', () => {
  it("pins each space's mean values on the image, lists them as text, and is ready once the image has come", async () => {
    stubDataApi();
    const attachmentId = '2f1b8a3c-0000-4000-8000-000000000009';
    draw(
      <ImageTourElement
        element={element({
          kind: 'imageTour',
          title: 'Kierros',
          data: daily,
          images: [
            {
              attachmentId,
              caption: 'Pohjapiirros',
              pins: [
                { space: luokka, x: 0.25, y: 0.5 },
                { space: { kind: 'space', id: 2, name: 'Sali' }, x: 0.75, y: 0.5 },
              ],
            },
          ],
        })}
        scope={testScope()}
      />,
    );
    const root = await screen.findByTestId('report-imageTour');
    const image = within(root).getByRole('img', { name: 'Pohjapiirros' });
    expect(image.getAttribute('src')).toBe(`/api/attachments/${attachmentId}`);
    const list = within(root).getByTestId('report-tour-list');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Luokka 101: Temperature: average 21.0 °C, lowest 20.0 °C, highest 22.0 °C; CO2: average 967 ppm, lowest 700 ppm, highest 1300 ppm',
        'Sali: CO2: average 510 ppm, lowest 500 ppm, highest 520 ppm',
      ]),
    );
    expect(
      within(root)
        .getAllByTestId('report-tour-pin')
        .map((pin) => pin.textContent),
    ).toEqual(['1 Luokka 101: 21.0 °C · 967 ppm', '2 Sali: 510 ppm']);
    expect(root.dataset.reportElementReady).toBe('false');
    fireEvent.load(image);
    await whenReady('report-imageTour');
  });
});

describe('data elements in a document', () => {
  it('repeat per shown space with their own series, and the document is ready only once their values are drawn', async () => {
    stubDataApi();
    const scope = testScope();
    const report = {
      ...scope.report,
      content: reportContentSchema.parse({
        version: 1,
        elements: [
          {
            id: 'rooms',
            kind: 'text',
            text: 'Tilat',
            repeatPerSpace: true,
            children: [
              {
                id: 'room-co2',
                kind: 'summary',
                series: [{ space: { kind: 'current' }, dataType: 'CO2' }],
                data: daily,
                alarms: false,
              },
            ],
          },
        ],
      }),
    };
    draw(<ReportDocument report={report} context={scope.context} sources={scope.sources} />);
    const documentRoot = screen.getByTestId('report-document');
    expect(documentRoot.dataset.reportReady).toBe('false');
    await waitFor(() => expect(documentRoot.dataset.reportReady).toBe('true'), { timeout: 5000 });
    const rooms = screen.getAllByTestId('report-summary');
    expect(rooms.map((room) => room.closest('[data-report-space]')?.getAttribute('aria-label'))).toEqual([
      'Luokka 101',
      'Sali',
    ]);
    expect(within(rooms[0] as HTMLElement).getByTestId('report-summary-stats-12').textContent).toBe(
      'Minimum 700 ppm, average 967 ppm, maximum 1300 ppm',
    );
    expect(within(rooms[1] as HTMLElement).getByTestId('report-summary-stats-13').textContent).toBe(
      'Minimum 500 ppm, average 510 ppm, maximum 520 ppm',
    );
    expect(within(rooms[1] as HTMLElement).queryByTestId('report-summary-stats-12')).toBeNull();
  });
});
