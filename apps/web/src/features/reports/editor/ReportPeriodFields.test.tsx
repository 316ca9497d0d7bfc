// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import type { ReportPeriod } from '@olo/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../../testing/renderApp.tsx';
import { createTestI18n } from '../../../testing/translations.ts';
import { ReportPeriodFields, shownReportRange } from './ReportPeriodFields.tsx';

const zone = 'Europe/Helsinki';
const fixed = { from: Date.parse('2026-10-01T00:00:00+03:00'), to: Date.parse('2026-11-01T00:00:00+02:00') };
/** Thursday 12 March 2026, noon in Helsinki. */
const now = new Date('2026-03-12T10:00:00Z');

function Fields({ seen }: { seen: Array<ReportPeriod | null> }) {
  const [period, setPeriod] = useState<ReportPeriod | null>(null);
  const shown = shownReportRange({ ...fixed, period }, zone, now);
  return (
    <ReportPeriodFields
      period={period}
      shown={shown}
      timeZone={zone}
      onChange={(next) => {
        seen.push(next);
        setPeriod(next);
      }}
    />
  );
}

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  // Mantine hides dropdowns that jsdom, which lays nothing out, reports off screen.
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

describe('a report’s rolling period in the editor', () => {
  afterEach(cleanup);

  it('shows the fixed range, or the latest whole period in the project’s zone', () => {
    expect(shownReportRange({ ...fixed, period: null }, zone, now)).toEqual(fixed);
    expect(shownReportRange({ ...fixed, period: { kind: 'previousMonth', days: null } }, zone, now)).toEqual({
      from: Date.parse('2026-02-01T00:00:00+02:00'),
      to: Date.parse('2026-03-01T00:00:00+02:00'),
    });
  });

  it('chooses the previous month and the last days, says what is shown now, and refuses days beyond a year', async () => {
    installDomPolyfills();
    const seen: Array<ReportPeriod | null> = [];
    render(
      <I18nextProvider i18n={createTestI18n('fi')}>
        <MantineProvider>
          <Fields seen={seen} />
        </MantineProvider>
      </I18nextProvider>,
    );
    await choose('Raportin aikaväli', 'Edellinen kuukausi');
    expect(seen.at(-1)).toEqual({ kind: 'previousMonth', days: null });
    expect(screen.getByTestId('report-period-now').textContent).toMatch(/^Nyt 1\.–28\.2\.2026; siirtyy itsestään$/);

    await choose('Raportin aikaväli', 'Viimeiset päivät');
    expect(seen.at(-1)).toEqual({ kind: 'lastDays', days: 30 });
    const days = screen.getByRole('textbox', { name: 'Päiviä' });
    fireEvent.change(days, { target: { value: '400' } });
    expect(await screen.findByText('1–366 päivää')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ kind: 'lastDays', days: 30 });
    fireEvent.change(days, { target: { value: '7' } });
    expect(seen.at(-1)).toEqual({ kind: 'lastDays', days: 7 });
    expect(screen.getByTestId('report-period-now').textContent).toMatch(/^Nyt 5\.–11\.3\.2026/);

    await choose('Raportin aikaväli', 'Kiinteät päivät');
    expect(seen.at(-1)).toBeNull();
    expect(screen.queryByTestId('report-period-now')).toBeNull();
  });
});
