// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../testing/renderApp.tsx';
import { createTestI18n } from '../../testing/translations.ts';
import { StatsTable } from '../data-slots/StatsTable.tsx';
import { statsRows } from '../data-slots/statsRows.ts';
import { dataSeries, resultOf } from '../data-slots/testDataSlots.ts';
import { spaceWeatherMap } from './chartWeather.ts';

const t0 = Date.UTC(2026, 0, 10, 10);
const result = resultOf(
  [
    { id: 1, name: 'Luokka 101', show: true },
    { id: 2, name: 'Sali', show: true },
  ],
  [
    { series: dataSeries(13, 1, 'Lämpötila', 'Temperature'), values: { [t0]: 21 } },
    { series: dataSeries(21, 2, 'Lämpötila', 'Temperature'), values: { [t0]: 19 } },
    { series: dataSeries(91, null, 'Sää - Ulkolämpötila', 'ExternalTemperature'), values: { [t0]: -3.2 } },
  ],
  [t0],
);

function renderTable(weather: boolean) {
  const map = spaceWeatherMap(
    [{ id: 1, weather, weatherId: 5, weatherDatatype: 'ExternalTemperature' }],
    [{ id: 91, weatherId: 5, dataType: 'ExternalTemperature' }],
  );
  render(
    <I18nextProvider i18n={createTestI18n('fi')}>
      <MantineProvider>
        <StatsTable rows={statsRows(result, 'fi', 'Ei tilaa', new Map(), map)} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the summary table of spaces with weather', () => {
  beforeAll(installDomPolyfills);
  afterEach(cleanup);

  it('shows the matched outdoor value and the difference for a space with weather, nothing for one without', () => {
    renderTable(true);
    expect(screen.getByRole('columnheader', { name: 'Ulkona' })).toBeTruthy();
    const classroom = screen.getByTestId('summary-row-13');
    expect(within(classroom).getByTestId('summary-outdoor-value').textContent).toBe('−3,2 °C');
    expect(within(classroom).getByTestId('summary-outdoor-difference').textContent).toBe('Ero ulos 24,2 °C');
    expect(within(screen.getByTestId('summary-row-21')).getByTestId('summary-outdoor').textContent).toBe('');
  });

  it('has no outdoor column when no space shows weather', () => {
    renderTable(false);
    expect(screen.queryByRole('columnheader', { name: 'Ulkona' })).toBeNull();
    expect(screen.queryByTestId('summary-outdoor')).toBeNull();
  });
});
