// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { Language } from '@olo/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../testing/renderApp.tsx';
import { createTestI18n } from '../../testing/translations.ts';
import { meanAbsoluteHumidity } from './absoluteHumidity.ts';
import { DryingForecastView } from './DryingForecastView.tsx';
import { forecastChartData } from './ForecastChart.tsx';

const hour = 3_600_000;
const day = 24 * hour;
/** 1 November 2026, Helsinki midnight. */
const start = Date.parse('2026-10-31T22:00:00Z');
const timeZone = 'Europe/Helsinki';
const series = { id: 7, name: 'Rakenteen kosteus', dataType: 'Structure humidity', unit: '%RH', color: '#1c7ed6' };

/** Readings every 3 h over `days` days of y(t) in days, with a small wobble. */
function readings(value: (days: number) => number, days: number) {
  const points: Array<{ time: number; value: number | null }> = [];
  for (let time = start; time <= start + days * day; time += 3 * hour) {
    const index = points.length;
    points.push({ time, value: value((time - start) / day) + (index % 2 === 0 ? 0.05 : -0.05) });
  }
  return points;
}

function draw(node: React.ReactNode, language: Language) {
  installDomPolyfills();
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('DryingForecastView', () => {
  it('says when each target is reached or forecast, in the project’s zone, in Finnish', () => {
    // Falling 0.5 %RH a day from 88: 85 % on day 6, 80 % on day 16; read for 10 days.
    const points = readings((days) => 88 - 0.5 * days, 10);
    draw(
      <DryingForecastView series={{ ...series, targets: [85, 80] }} points={points} timeZone={timeZone} heading="B" />,
      'fi',
    );
    const items = within(screen.getByTestId('drying-forecast-text-7')).getAllByRole('listitem');
    expect(items[0]?.textContent).toMatch(/^85 %RH saavutettu 7\.11\.$/);
    expect(items[0]?.dataset.state).toBe('reached');
    // 80 % on 17 November, Helsinki day, with an interval around it.
    expect(items[1]?.textContent).toMatch(
      /^Ennuste: 80 %RH saavutetaan noin 17\.11\. \(välillä 1[67]\.11\.–1[78]\.11\.\)$/,
    );
    expect(screen.getByRole('region', { name: 'B' })).toBeTruthy();
  });

  it('says “not drying” for a flat series and “too little data” for a day of readings, in English and Swedish', () => {
    draw(
      <DryingForecastView series={{ ...series, targets: [80] }} points={readings(() => 90, 10)} timeZone={timeZone} />,
      'en',
    );
    expect(screen.getByTestId('drying-forecast-text-7').textContent).toMatch('80 %RH: not drying');
    cleanup();
    draw(
      <DryingForecastView series={{ ...series, targets: [80] }} points={readings(() => 90, 0.5)} timeZone={timeZone} />,
      'sv',
    );
    expect(screen.getByTestId('drying-forecast-text-7').textContent).toMatch('80 %RH: för lite data för en prognos');
  });

  it('names the level shift it fitted after', () => {
    // Heater off on day 10: RH jumps from 83 to 87 and dries on from there.
    const points = readings((days) => (days < 10 ? 93 - days : 87 - 0.4 * (days - 10)), 20);
    draw(<DryingForecastView series={{ ...series, targets: [80] }} points={points} timeZone={timeZone} />, 'en');
    expect(screen.getByText(/^Fitted after the level shift on 11\/1[01]$/)).toBeTruthy();
  });
});

describe('forecastChartData', () => {
  it('puts the readings and the fitted curve on one time axis in seconds', () => {
    const fit = {
      method: 'linear' as const,
      from: 1000,
      to: 2000,
      jumpAt: null,
      equilibrium: null,
      timeConstantMs: null,
      sigma: 0.1,
      curve: [
        { time: 2000, value: 5, low: 4, high: 6 },
        { time: 3000, value: 4, low: 3, high: 5 },
      ],
    };
    expect(
      forecastChartData(
        [
          { time: 1000, value: 6 },
          { time: 2000, value: 5.1 },
          { time: 2500, value: null },
        ],
        fit,
      ),
    ).toEqual([
      [1, 2, 3],
      [6, 5.1, null],
      [null, 5, 4],
      [null, 4, 3],
      [null, 6, 5],
    ]);
  });
});

describe('meanAbsoluteHumidity', () => {
  it('averages indoors from RH and temperature read together, outdoors from the weather, over the window', () => {
    const at = (days: number) => start + days * day;
    const means = meanAbsoluteHumidity(
      {
        humidity: [
          { time: at(0), value: 50 },
          { time: at(9), value: 50 },
          { time: at(10), value: 50 },
          { time: at(10.5), value: 40 },
        ],
        temperature: [
          { time: at(9), value: 20 },
          { time: at(10), value: 20 },
        ],
        outdoor: [
          { time: at(1), value: 1 },
          { time: at(9), value: 4 },
          { time: at(10), value: null },
        ],
      },
      at(10),
      2,
    );
    // 50 %RH at 20 °C holds about 8.6 g/m³.
    expect(means.indoor).toBeCloseTo(8.6, 1);
    expect(means.outdoor).toBe(4);
    expect(meanAbsoluteHumidity({}, at(10), 14)).toEqual({ indoor: null, outdoor: null });
  });
});
