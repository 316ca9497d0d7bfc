// @vitest-environment jsdom

import { seriesColor } from '@olo/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { adminProject, noWeather, shellOf } from '../project-edit/testProject.ts';

// Which colours and limits a project may pick, and who may change them, is checked by the server: apps/server.

function limit(id: number, name: string, normal: { min: number | null; max: number | null }, organizationId = null) {
  return {
    __typename: 'Limit',
    id,
    name,
    nameKey: null,
    dataType: 'CO2',
    min: 400,
    max: 2000,
    limits: [750, 950, 1200],
    colors: ['#2b8a3e', '#5c940d', '#e67700'],
    maxcolor: '#c92a2a',
    normalMin: normal.min,
    normalMax: normal.max,
    organizationId,
    order: id,
  };
}

const s2 = limit(1, 'CO2 S2', { min: null, max: 950 });
const s1 = limit(2, 'CO2 S1', { min: null, max: 750 });
const blue = { __typename: 'Color', id: 4, name: 'Sininen', nameKey: null, color: '#0072b2', type: 'chart', order: 0 };
// As both the edit shell and this page load it.
const space = {
  __typename: 'Space',
  id: 1,
  projectId: 7,
  name: 'Luokka 101',
  description: null,
  show: true,
  colorId: null,
  color: null,
  ...noWeather,
};

function serie(state: Record<string, unknown> = {}) {
  return {
    __typename: 'Serie',
    id: 11,
    name: 'Hiilidioksidi',
    dataType: 'CO2',
    dataUnit: 'ppm',
    spaceId: 1,
    colorId: null,
    limitId: null,
    color: null,
    limit: s2,
    defaultLimit: s2,
    ...state,
  };
}

function renderColors(privileges: ProjectPrivilege[], answers: GraphqlAnswers = {}) {
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = [];
  const project = adminProject(7, 'Koulu', { privileges, spaces: [space] });
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      (variables: Record<string, unknown>) => {
        sent.push({ name, variables });
        return answer(variables);
      },
    ]),
  );
  renderApp({
    path: '/p/7/edit/colors',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: shellOf(project) } }),
      ProjectAdmin: () => ({ data: { projectAdmin: project } }),
      ProjectColors: () => ({
        data: {
          projectAdmin: {
            __typename: 'Project',
            id: 7,
            spaces: [space],
            series: [serie()],
            colors: [blue],
            limits: [s2, s1],
          },
        },
      }),
      ...recorded,
    },
  });
  return { sent };
}

describe('project colours page', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it("shows each series' palette colour and the bands of the limit it follows, and saves a chosen limit", async () => {
    const { sent } = renderColors(['view', 'admin'], {
      UpdateSeriesColors: () => ({ data: { updateSeries: serie({ limitId: 2, limit: s1 }) } }),
    });
    const row = await screen.findByRole('article', { name: 'Hiilidioksidi' });
    expect(within(row).getByTestId('series-swatch').getAttribute('data-color')).toBe(seriesColor({ id: 11 }));
    expect(within(row).getByTestId('series-limit').textContent).toBe('CO2 S2, normaali ≤ 950 ppm');
    const bands = within(row).getByTestId('limit-strip').querySelectorAll('[data-color]');
    expect([...bands].map((band) => band.getAttribute('data-color'))).toEqual([
      '#2b8a3e',
      '#5c940d',
      '#e67700',
      '#c92a2a',
    ]);
    const limitSelect = within(row).getByLabelText('Raja-arvot') as HTMLSelectElement;
    expect([...limitSelect.options].map((option) => option.textContent)).toEqual([
      'Oletus (CO2 S2)',
      'CO2 S2',
      'CO2 S1',
    ]);

    fireEvent.change(limitSelect, { target: { value: '2' } });
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('UpdateSeriesColors'));
    await waitFor(() => expect(within(row).getByTestId('series-limit').textContent).toBe('CO2 S1, normaali ≤ 750 ppm'));
    expect(sent.find((item) => item.name === 'UpdateSeriesColors')?.variables).toEqual({
      input: { id: 11, limitId: 2 },
    });
    // With a limit of its own, the empty choice still names the default it would follow.
    expect((within(row).getByLabelText('Raja-arvot') as HTMLSelectElement).options[0]?.textContent).toBe(
      'Oletus (CO2 S2)',
    );
  });

  it("saves a space's colour and a series' line colour, and shows the chosen colour", async () => {
    const { sent } = renderColors(['view', 'admin'], {
      UpdateSpaceColor: () => ({ data: { updateSpace: { ...space, colorId: 4, color: blue } } }),
      UpdateSeriesColors: () => ({ data: { updateSeries: serie({ colorId: 4, color: blue }) } }),
    });
    const spaceSelect = (await screen.findByLabelText('Tilan Luokka 101 väri')) as HTMLSelectElement;
    fireEvent.change(spaceSelect, { target: { value: '4' } });
    await waitFor(() =>
      expect(sent.find((item) => item.name === 'UpdateSpaceColor')?.variables).toEqual({
        input: { id: 1, colorId: 4 },
      }),
    );
    const row = screen.getByRole('article', { name: 'Hiilidioksidi' });
    fireEvent.change(within(row).getByLabelText('Viivan väri'), { target: { value: '4' } });
    await waitFor(() => expect(within(row).getByTestId('series-swatch').getAttribute('data-color')).toBe('#0072b2'));
    expect(sent.find((item) => item.name === 'UpdateSeriesColors')?.variables).toEqual({
      input: { id: 11, colorId: 4 },
    });
  });

  it("lets a series manager set series' colours and limits but not a space's colour", async () => {
    renderColors(['view', 'adminSeries']);
    const row = await screen.findByRole('article', { name: 'Hiilidioksidi' });
    expect((screen.getByLabelText('Tilan Luokka 101 väri') as HTMLSelectElement).disabled).toBe(true);
    expect((within(row).getByLabelText('Raja-arvot') as HTMLSelectElement).disabled).toBe(false);
    expect((within(row).getByLabelText('Viivan väri') as HTMLSelectElement).disabled).toBe(false);
  });
});
