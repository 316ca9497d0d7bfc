// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../testing/renderApp.tsx';
import { createTestI18n } from '../../testing/translations.ts';
import { neutralGaugeColor } from '../charts/gaugeDrawing.ts';
import { BandedGauge } from './BandedGauge.tsx';

const co2 = {
  min: 400,
  max: 2000,
  limits: [750, 950, 1200],
  colors: ['#2f9e44', '#94d82d', '#fab005'],
  maxcolor: '#e03131',
  split: true,
};

function renderGauge(props: Partial<Parameters<typeof BandedGauge>[0]> = {}) {
  installDomPolyfills();
  return render(
    <I18nextProvider i18n={createTestI18n('fi')}>
      <MantineProvider>
        <BandedGauge range={{ min: 0, max: 100 }} value={1300} valueText="1300 ppm" label="CO2" {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('banded gauge', () => {
  afterEach(cleanup);

  it('is a meter of the limit scale showing its bands and the value in its band colour', () => {
    renderGauge({ scale: co2 });
    const meter = screen.getByRole('meter', { name: 'CO2' });
    expect(meter.getAttribute('aria-valuemin')).toBe('400');
    expect(meter.getAttribute('aria-valuemax')).toBe('2000');
    expect(meter.getAttribute('aria-valuenow')).toBe('1300');
    expect(meter.getAttribute('aria-valuetext')).toBe('1300 ppm');
    expect(screen.getAllByTestId('gauge-band').map((band) => band.getAttribute('data-color'))).toEqual([
      '#2f9e44',
      '#94d82d',
      '#fab005',
      '#e03131',
    ]);
    const value = screen.getByTestId('gauge-value');
    expect(value.textContent).toBe('1300 ppm');
    expect(value.getAttribute('data-band-color')).toBe('#e03131');
    expect(screen.getByTestId('gauge-fill').getAttribute('data-color')).toBe('#e03131');
    expect(screen.getByText('2000')).toBeTruthy();
  });

  it('without a limit shows the range in a neutral colour and no bands', () => {
    renderGauge({ value: 21.5, valueText: '21,5 °C', range: { min: 0, max: 40 }, label: 'Lämpötila' });
    expect(screen.queryAllByTestId('gauge-band')).toHaveLength(0);
    expect(screen.getByTestId('gauge-value').getAttribute('data-band-color')).toBe(neutralGaugeColor);
    expect(screen.getByRole('meter').getAttribute('aria-valuemax')).toBe('40');
  });

  it('with no value has an empty arc, no current value and the dash as its text', () => {
    renderGauge({ scale: co2, value: null, valueText: '-' });
    expect(screen.queryByTestId('gauge-fill')).toBeNull();
    const meter = screen.getByRole('meter');
    expect(meter.hasAttribute('aria-valuenow')).toBe(false);
    expect(screen.getByTestId('gauge-value').hasAttribute('data-band-color')).toBe(false);
  });
});
