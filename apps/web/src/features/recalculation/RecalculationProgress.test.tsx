// @vitest-environment jsdom

import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, renderApp } from '../../testing/renderApp.tsx';
import { testMeter } from '../meters/testMeters.ts';

// The real recomputation and its progress on the server are tested in apps/server (recalculation-jobs.test.ts).

configure({ asyncUtilTimeout: 6000 });

const user = signedInUser();

function recalculation(fields: Record<string, unknown>) {
  return {
    __typename: 'Recalculation',
    id: 7,
    status: 'running',
    percent: 40,
    error: null,
    finishedAt: null,
    ...fields,
  };
}

/** The meter page, whose recomputation answers come one after another, the last one repeated. */
function meterPage(language: 'fi', ...steps: Array<Record<string, unknown>>) {
  const meter = testMeter(3, 'Luokka 101', { currentUserIsAdmin: true });
  let asked = 0;
  const recalculations = (): GraphqlAnswer => {
    const step = steps[Math.min(asked, steps.length - 1)] as Record<string, unknown>;
    asked += 1;
    return { data: { meter: { __typename: 'Meter', id: meter.id, recalculations: [recalculation(step)] } } };
  };
  return renderApp({
    path: '/meters/3',
    language,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: user } }),
      MeterPage: () => ({ data: { meter } }),
      MeterRecalculations: recalculations,
    },
  });
}

describe('recomputation progress', { timeout: 20_000 }, () => {
  afterEach(cleanupApp);

  it('shows the percent done on the meter page, and that the values are ready once done', async () => {
    meterPage(
      'fi',
      { status: 'running', percent: 40 },
      { status: 'done', percent: 100, finishedAt: new Date().toISOString() },
    );
    const region = await screen.findByTestId('recalculation-progress');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(await within(region).findByText(/Lasketaan tallennettuja arvoja uudelleen… 40\s%/)).toBeTruthy();
    expect(within(region).getByRole('progressbar', { name: 'Tallennettujen arvojen uudelleenlaskenta' })).toBeTruthy();
    // The next poll (2 s) finds it done.
    expect(await within(region).findByText('Tallennetut arvot ovat valmiit.')).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
  });

  it("shows a failed attempt's error and that it is tried again", async () => {
    meterPage('fi', { status: 'failed', percent: 60, error: 'no space left on device' });
    const region = await screen.findByTestId('recalculation-progress');
    expect(
      await within(region).findByText(
        'Tallennettujen arvojen uudelleenlaskenta epäonnistui: no space left on device Sitä yritetään pian uudelleen.',
      ),
    ).toBeTruthy();
  });

  it('says nothing when the values were recomputed long ago', async () => {
    const { operations } = meterPage('fi', {
      status: 'done',
      percent: 100,
      finishedAt: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
    });
    const region = await screen.findByTestId('recalculation-progress');
    await screen.findByRole('heading', { level: 1, name: 'Luokka 101' });
    expect(operations).toContain('MeterRecalculations');
    expect(region.textContent).toBe('');
  });
});
