// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { typeInto } from '../../testing/dateFields.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { adminProject, noWeather, shellOf } from '../project-edit/testProject.ts';

// What the server does with the series (permissions, recomputation, the channels a meter adds) is tested against
// the real server: apps/server and e2e/.

const space = {
  __typename: 'Space',
  id: 1,
  projectId: 7,
  name: 'Luokka 101',
  description: null,
  show: true,
  ...noWeather,
};

function datasource(id: number, seriesId: number, channel: string, rest: Record<string, unknown> = {}) {
  return {
    __typename: 'SeriesDatasource',
    id,
    seriesId,
    meterId: 5,
    channel,
    startAt: '2026-01-01T10:00:00.000Z',
    startInclusive: true,
    endAt: null,
    endInclusive: false,
    ended: false,
    type: 'meter',
    datasourceFunctionId: null,
    datasourceFunctionName: null,
    extraChannels: [],
    meter: { __typename: 'Meter', id: 5, serial: '70b3d57ed0000005', name: 'ERS CO2', driver: 'elsys' },
    ...rest,
  };
}

function serie(
  id: number,
  name: string,
  spaceId: number | null,
  datasources: unknown[] = [],
  dataType = 'Temperature',
) {
  return {
    __typename: 'Serie',
    id,
    projectId: 7,
    spaceId,
    name,
    description: null,
    dataType,
    dataUnit: dataType === 'Temperature' ? '°C' : '%RH',
    dataName: null,
    locked: false,
    seriesDatasources: datasources,
  };
}

const meter = { __typename: 'Meter', id: 5, serial: '70b3d57ed0000005', name: 'ERS CO2' };
const meterLabel = '70b3d57ed0000005 – ERS CO2';

function seriesProject(series: unknown[]) {
  return {
    __typename: 'Project',
    id: 7,
    timeZone: 'Europe/Helsinki',
    spaces: [space],
    series,
  };
}

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

function renderSeries(
  series: () => unknown[],
  answers: GraphqlAnswers = {},
  privileges = ['view', 'admin', 'adminSeries'],
) {
  const sent: Sent[] = [];
  const project = adminProject(7, 'Koulu', { spaces: [space], privileges });
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      (variables: Record<string, unknown>) => {
        sent.push({ name, variables });
        return answer(variables);
      },
    ]),
  );
  const view = renderApp({
    path: '/p/7/edit/series',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: shellOf(project) } }),
      ProjectAdmin: () => ({ data: { projectAdmin: project } }),
      SeriesEdit: () => ({ data: { projectAdmin: seriesProject(series()) } }),
      SeriesEditMeters: () => ({ data: { meters: [meter] } }),
      SeriesEditNewMeters: () => ({ data: { meters: [{ __typename: 'Meter', id: meter.id }] } }),
      SeriesEditDatasourceFunctions: () => ({
        data: {
          datasourceFunctions: [
            {
              __typename: 'DatasourceFunction',
              id: 'dewPoint',
              name: 'Dew point',
              requiredDataType: 'Humidity',
              extra: ['Temperature'],
            },
          ],
        },
      }),
      SeriesEditMeterChannels: () => ({
        data: {
          meter: {
            __typename: 'Meter',
            id: 5,
            latest: {
              __typename: 'MeterLatest',
              time: '2026-03-01T10:00:00.000Z',
              data: {
                temperature: { value: 21.5, type: 'Temperature', unit: '°C' },
                humidity: { value: 40, type: 'Humidity', unit: '%RH' },
                counter: { value: 3, type: 'ignore', unit: '' },
                battery_voltage: { value: 3.6, type: 'Volt', unit: 'V' },
              },
            },
          },
        },
      }),
      ...recorded,
    },
  });
  return { ...view, sent };
}

// Mantine hides dropdowns that jsdom, which lays nothing out, reports off screen; a browser shows them.
const hidden = true;

async function choose(container: HTMLElement, label: RegExp, option: string) {
  const input = within(container).getByRole('combobox', { name: label });
  fireEvent.click(input);
  // Other selects of the page may list the same options: take the one this input opened.
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden }));
}

configure({ asyncUtilTimeout: 5000 });

describe('series edit', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.restoreAllMocks();
    await cleanupApp();
  });

  it('shows the permission message to a viewer who may not manage series, without asking for them', async () => {
    const { operations } = renderSeries(() => [], {}, ['view', 'adminAlarms']);
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(operations).not.toContain('SeriesEdit');
  });

  it('groups the series by space, with their datasources and meter links', async () => {
    renderSeries(() => [
      serie(1, 'Lämpötila', 1, [datasource(11, 1, 'temperature', { endAt: '2026-02-01T10:00:00.000Z', ended: true })]),
      serie(2, 'Kosteus', null, [], 'Humidity'),
      // A meter the viewer does not see: the server gives its id only.
      serie(3, 'Lämpötila 2', null, [datasource(12, 3, 'temperature', { meterId: 9, meter: null })]),
    ]);
    const groups = await screen.findAllByTestId('series-group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Luokka 101',
      'Ilman tilaa',
    ]);
    const [classroom, noSpace] = groups as [HTMLElement, HTMLElement];
    // A series shows its type by its translated name, not the type's id.
    const humidity = within(noSpace).getByRole('article', { name: 'Kosteus' });
    expect(within(humidity).getAllByText('Kosteus')).toHaveLength(2);
    expect(within(humidity).queryByText('Humidity')).toBeNull();
    const row = within(classroom).getByTestId('series-datasource');
    expect(within(row).getByRole('link', { name: meterLabel }).getAttribute('href')).toBe('/meters/5');
    // The meter as the server gives it with the datasource, with its driver; the end past: ended.
    expect(within(row).getByText('Ajuri: elsys')).toBeTruthy();
    expect(within(row).getByText('Päättynyt')).toBeTruthy();
    const hiddenMeter = within(within(noSpace).getByRole('article', { name: 'Lämpötila 2' })).getByTestId(
      'series-datasource',
    );
    expect(within(hiddenMeter).getByRole('link', { name: 'Mittari 9' }).getAttribute('href')).toBe('/meters/9');
    expect(within(hiddenMeter).queryByText('Päättynyt')).toBeNull();
    // The channel by the measurement it feeds, in the viewer's language, never the English key.
    expect(within(row).getByText('Lämpötila')).toBeTruthy();
    expect(within(row).queryByText('Temperature')).toBeNull();
    // Times in the project's zone, Helsinki: two hours ahead of UTC in winter.
    expect(within(row).getByText(/1\.1\.2026.*12\.00/)).toBeTruthy();
    expect(within(row).getByText(/1\.2\.2026.*12\.00/)).toBeTruthy();
    expect(within(row).getByText('mukaan lukien')).toBeTruthy();
    expect(within(row).getByText('ei mukaan lukien')).toBeTruthy();
  });

  it('requires a name for a new series and then creates it with the unit of its type', async () => {
    let series = [serie(1, 'Lämpötila', 1)];
    const { sent } = renderSeries(() => series, {
      CreateSeries: ({ input }) => {
        const created = serie(3, String((input as { name: string }).name), null, [], 'Humidity');
        series = [...series, created];
        return { data: { createSeries: created } };
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Uusi sarja' }));
    const form = await screen.findByTestId('new-series-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää sarja' }));
    expect(await within(form).findByText('Pakollinen tieto')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Kosteus' } });
    await choose(form, /^Tietotyyppi/, 'Kosteus');
    expect((within(form).getByRole('textbox', { name: 'Yksikkö' }) as HTMLInputElement).value).toBe('%RH');
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää sarja' }));
    await waitFor(() => expect(sent.map((operation) => operation.name)).toEqual(['CreateSeries']));
    expect(sent[0]?.variables).toEqual({
      input: { projectId: 7, name: 'Kosteus', dataType: 'Humidity', dataUnit: '%RH', spaceId: null },
    });
    // Saved, the form is empty again; the new series is listed on the series tab.
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: /^Nimi/ }) as HTMLInputElement).value).toBe(''),
    );
    fireEvent.click(
      within(screen.getByRole('tablist', { name: 'Sarjojen toiminnot' })).getByRole('tab', { name: 'Sarjat' }),
    );
    const noSpace = await screen.findByRole('region', { name: 'Ilman tilaa' });
    expect(within(noSpace).getByRole('article', { name: 'Kosteus' })).toBeTruthy();
  });

  it('adds a meter to the chosen space, listing the channels that become series', async () => {
    const { sent } = renderSeries(() => [], {
      ProjectAddMeter: () => ({
        data: { projectAddMeter: [serie(4, 'Temperature', 1), serie(5, 'Humidity', 1, [], 'Humidity')] },
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Lisää mittari' }));
    const form = await screen.findByTestId('add-meter-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää mittari' }));
    expect(await within(form).findByText('Pakollinen tieto')).toBeTruthy();

    await choose(form, /^Mittari/, meterLabel);
    const channels = await within(form).findByTestId('add-meter-channels');
    // 'ignore' channels are stored but never become series; the battery stays on the meter page.
    expect(
      within(channels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lämpötila', 'Kosteus']);
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää mittari' }));
    await waitFor(() => expect(sent.map((operation) => operation.name)).toEqual(['ProjectAddMeter']));
    expect(sent[0]?.variables).toEqual({ projectId: 7, meterId: 5, spaceId: 1 });
    // Added: the form is empty again, ready for the next meter.
    await waitFor(() =>
      expect((within(form).getByRole('combobox', { name: /^Mittari/ }) as HTMLInputElement).value).toBe(''),
    );
    expect(within(form).queryByTestId('add-meter-channels')).toBeNull();
  });

  it('moves the chosen datasources to another series from a time of the project zone', async () => {
    const { sent } = renderSeries(
      () => [serie(1, 'Lämpötila', 1, [datasource(11, 1, 'temperature')]), serie(2, 'Lämpötila B', null)],
      {
        MoveSeriesDatasources: () => ({
          data: { moveSeriesDatasources: [datasource(12, 2, 'temperature', { startAt: '2026-03-01T10:00:00.000Z' })] },
        }),
      },
    );
    const form = await screen.findByTestId('move-datasources-form');
    const move = within(form).getByRole('button', { name: 'Siirrä tietolähteitä' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);

    fireEvent.click(await screen.findByRole('checkbox', { name: `Valitse ${meterLabel} / Lämpötila siirrettäväksi` }));
    expect(within(form).getByText('Tietolähteitä valittu: 1.')).toBeTruthy();
    await choose(form, /^Kohdesarja/, 'Lämpötila B (Lämpötila)');
    typeInto(within(form).getByLabelText(/^Alkaen/), '1.3.2026 12:00');
    fireEvent.click(move);
    await waitFor(() => expect(sent.map((operation) => operation.name)).toEqual(['MoveSeriesDatasources']));
    expect(sent[0]?.variables).toEqual({ ids: [11], seriesId: 2, at: '2026-03-01T10:00:00.000Z' });
    await waitFor(() => expect(within(form).getByText(/^Valitse siirrettävät tietolähteet/)).toBeTruthy());
    expect((within(form).getByRole('combobox', { name: /^Kohdesarja/ }) as HTMLInputElement).value).toBe('');
  });

  it('feeds a series from a channel of a meter, from a time of the project zone', async () => {
    const { sent } = renderSeries(() => [serie(1, 'Lämpötila', 1)], {
      CreateSeriesDatasource: ({ input }) => ({
        data: { createSeriesDatasource: datasource(13, 1, 'temperature', input as Record<string, unknown>) },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Lisää tietolähde sarjaan Lämpötila' }));
    const form = await screen.findByRole('form', { name: 'Uusi tietolähde sarjalle Lämpötila' });
    await choose(form, /^Mittari/, meterLabel);
    fireEvent.change(within(form).getByRole('combobox', { name: /^Kanava/ }), { target: { value: 'temperature' } });
    typeInto(within(form).getByLabelText('Alku'), '1.3.2026 12:00');
    fireEvent.click(within(form).getByLabelText('Loppuhetki kuuluu mukaan'));
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää tietolähde' }));
    await waitFor(() => expect(sent.map((operation) => operation.name)).toEqual(['CreateSeriesDatasource']));
    expect(sent[0]?.variables).toEqual({
      input: {
        seriesId: 1,
        meterId: 5,
        channel: 'temperature',
        startAt: '2026-03-01T10:00:00.000Z',
        startInclusive: true,
        endAt: null,
        endInclusive: true,
        datasourceFunctionId: null,
        extraChannels: [],
      },
    });
  });

  it("feeds a series the dew point of a meter's humidity and temperature", async () => {
    const { sent } = renderSeries(() => [serie(1, 'Kastepiste', 1, [], 'Dew point')], {
      CreateSeriesDatasource: ({ input }) => ({
        data: { createSeriesDatasource: datasource(14, 1, 'humidity', input as Record<string, unknown>) },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Lisää tietolähde sarjaan Kastepiste' }));
    const form = await screen.findByRole('form', { name: 'Uusi tietolähde sarjalle Kastepiste' });
    await choose(form, /^Mittari/, meterLabel);
    fireEvent.change(within(form).getByRole('combobox', { name: /^Kanava/ }), { target: { value: 'humidity' } });
    await choose(form, /^Funktio/, 'Kastepiste');
    await choose(form, /^Lämpötila: kanava/, 'Lämpötila (21,5 °C)');
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää tietolähde' }));
    await waitFor(() => expect(sent.map((operation) => operation.name)).toEqual(['CreateSeriesDatasource']));
    expect(sent[0]?.variables).toMatchObject({
      input: { channel: 'humidity', datasourceFunctionId: 'dewPoint', extraChannels: ['temperature'] },
    });
  });

  it('deletes a series after confirming', async () => {
    let series = [serie(1, 'Lämpötila', 1)];
    const { sent } = renderSeries(() => series, {
      DeleteSeries: () => {
        series = [];
        return { data: { deleteSeries: true } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Poista Lämpötila' }));
    await answerConfirm(true);
    await waitFor(() => expect(screen.queryByText('Lämpötila')).toBeNull());
    expect(sent).toEqual([{ name: 'DeleteSeries', variables: { id: 1 } }]);
  });
});
