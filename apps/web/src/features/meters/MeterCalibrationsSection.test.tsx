// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { typeInto } from '../../testing/dateFields.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { minutesAgo, testMeter } from './testMeters.ts';

configure({ asyncUtilTimeout: 5000 });

const user = signedInUser();

type Calibration = { id: number; expression: string; start: string; end: string | null; channel?: string };
type Conversion = { id: number; expression: string; name: string; target: string | null; channel?: string };

function calibrationsAnswer(calibrations: Calibration[], conversions: Conversion[] = []) {
  return {
    data: {
      meter: {
        __typename: 'Meter',
        id: 3,
        conversions: conversions.map((conversion) => ({
          __typename: 'MeterConversion',
          channel: 'temperature',
          ...conversion,
        })),
        calibrations: calibrations.map(({ start, end, ...calibration }) => ({
          __typename: 'MeterCalibration',
          meterId: 3,
          channel: 'temperature',
          ...calibration,
          range: { __typename: 'MeterCalibrationRange', start, end },
        })),
      },
    },
  };
}

/** The meter page of meter 3, whose calibrations the test's `calibrations` answers (called again on every refetch). */
function answers(
  calibrations: () => ReturnType<typeof calibrationsAnswer>,
  extra: GraphqlAnswers = {},
  meter: ReturnType<typeof testMeter> = testMeter(3, 'Luokka 101'),
): GraphqlAnswers {
  return {
    CurrentUser: () => ({ data: { currentUser: user } }),
    MeterPage: () => ({ data: { meter } }),
    MeterReadings: () => ({
      data: {
        meter: {
          __typename: 'Meter',
          id: 3,
          data: [],
          stats: { __typename: 'MeterStats', count: 0, decodeErrors: 0, first: null, last: null },
        },
      },
    }),
    MeterSystemErrors: () => ({ data: { meter: { __typename: 'Meter', id: 3, systemErrors: [] } } }),
    MeterCommands: () => ({ data: { meter: { __typename: 'Meter', id: 3, driverCommands: [], commands: [] } } }),
    MeterDrivers: () => ({ data: { drivers: [] } }),
    MeterCalibrations: calibrations,
    ...extra,
  };
}

async function channelCard(name: string): Promise<HTMLElement> {
  return screen.findByTestId(`calibration-channel-${name}`);
}

function expressionInput(form: HTMLElement): HTMLElement {
  return within(form).getByLabelText(/^Lauseke/);
}

describe('meter conversions and calibrations', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('reports a bad expression as it is typed, and neither saves nor tests it', async () => {
    const { operations } = renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(() => calibrationsAnswer([])),
    });
    const card = await channelCard('temperature');
    fireEvent.click(within(card).getByRole('button', { name: 'Lisää kalibrointi' }));
    const form = within(card).getByRole('form', { name: 'Kanavan Lämpötila uusi kalibrointi' });

    fireEvent.change(expressionInput(form), { target: { value: 'x +* 2' } });
    expect(within(form).getByText('Lauseke ei ole kelvollinen laskutoimitus')).toBeTruthy();
    fireEvent.change(expressionInput(form), { target: { value: 'x + y' } });
    expect(within(form).getByText('Lausekkeessa on tuntematon nimi; käytä x:ää ja lukuja')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Testaa' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna kalibrointi' }));
    // A valid one clears the message as soon as it is typed.
    fireEvent.change(expressionInput(form), { target: { value: 'x + 2' } });
    expect(within(form).queryByText('Lausekkeessa on tuntematon nimi; käytä x:ää ja lukuja')).toBeNull();
    expect(operations).not.toContain('TestMeterCalibration');
    expect(operations).not.toContain('CreateMeterCalibration');
  });

  it('creates a calibration starting when it is saved, or from a chosen past time with a recompute warning', async () => {
    let saved: Calibration[] = [];
    const sent: unknown[] = [];
    renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(() => calibrationsAnswer(saved), {
        CreateMeterCalibration: ({ input }) => {
          sent.push(input);
          const { expression, startAt, endAt } = input as Record<string, string | undefined>;
          const calibration = {
            id: saved.length + 1,
            expression: expression as string,
            start: startAt ?? new Date().toISOString(),
            end: endAt ?? null,
          };
          saved = [...saved, calibration];
          const { start, end, ...rest } = calibration;
          return {
            data: {
              createCalibration: {
                __typename: 'MeterCalibration',
                meterId: 3,
                channel: 'temperature',
                ...rest,
                range: { __typename: 'MeterCalibrationRange', start, end },
              },
            },
          };
        },
      }),
    });
    const card = await channelCard('temperature');
    expect(within(card).getByText('Ei kalibrointeja.')).toBeTruthy();

    // The start shown is when the form opened; left as it is, the server starts the calibration when it is saved.
    fireEvent.click(within(card).getByRole('button', { name: 'Lisää kalibrointi' }));
    let form = within(card).getByRole('form', { name: 'Kanavan Lämpötila uusi kalibrointi' });
    fireEvent.change(expressionInput(form), { target: { value: ' x - 0.4 ' } });
    expect(within(form).queryByText(/lasketaan uudelleen/)).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna kalibrointi' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ meterId: 3, channel: 'temperature', expression: 'x - 0.4' });
    const table = await within(card).findByRole('table', { name: 'Kanavan Lämpötila kalibroinnit' });
    const row = within(table).getByRole('row', { name: /x - 0\.4/ });
    expect(within(row).getByText('Toistaiseksi')).toBeTruthy();
    expect(within(row).getByText('Voimassa')).toBeTruthy();
    expect(within(card).queryByRole('form')).toBeNull();

    // A start in the past, with an end: the stored values of the range are recomputed, and the form says so.
    fireEvent.click(within(card).getByRole('button', { name: 'Lisää kalibrointi' }));
    form = within(card).getByRole('form', { name: 'Kanavan Lämpötila uusi kalibrointi' });
    fireEvent.change(expressionInput(form), { target: { value: 'x * 1.02' } });
    // Typed as a Finn writes times; they are read on the wall clock of the meter's project (Helsinki, UTC+2).
    typeInto(within(form).getByLabelText(/^Alku/), '5.1.2026 08:00');
    typeInto(within(form).getByLabelText(/^Loppu/), '6.1.2026 08:30');
    expect(within(form).getByText(/Muutos ulottuu yli minuutin taaksepäin/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna kalibrointi' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      meterId: 3,
      channel: 'temperature',
      expression: 'x * 1.02',
      startAt: '2026-01-05T06:00:00.000Z',
      endAt: '2026-01-06T06:30:00.000Z',
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    // Newest first.
    expect(within(within(table).getAllByRole('row')[2] as HTMLElement).getByText('x * 1.02')).toBeTruthy();
  });

  it("shows the server's refusal of an overlapping calibration in the form", async () => {
    renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(() => calibrationsAnswer([]), {
        CreateMeterCalibration: () => ({
          data: null,
          errors: [
            {
              message: 'Another calibration of this channel starts within this range',
              extensions: { code: 'CONFLICT' },
            },
          ],
        }),
      }),
    });
    const card = await channelCard('temperature');
    fireEvent.click(within(card).getByRole('button', { name: 'Lisää kalibrointi' }));
    const form = within(card).getByRole('form', { name: 'Kanavan Lämpötila uusi kalibrointi' });
    fireEvent.change(expressionInput(form), { target: { value: 'x + 1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna kalibrointi' }));
    expect(
      (await within(form).findByRole('alert')).textContent?.includes(
        'Toinen tämän kanavan kalibrointi alkaa tällä aikavälillä',
      ),
    ).toBe(true);
  });

  it('tests the typed expression on the latest readings and shows what it makes of each', async () => {
    let tested: unknown;
    renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(() => calibrationsAnswer([]), {
        TestMeterCalibration: ({ input }) => {
          tested = input;
          return {
            data: {
              testCalibration: [
                {
                  __typename: 'TestCalibrationResult',
                  time: minutesAgo(5),
                  original: 21.46,
                  data: 21.06,
                  valid: true,
                  message: null,
                },
                {
                  __typename: 'TestCalibrationResult',
                  time: minutesAgo(15),
                  original: 0,
                  data: null,
                  valid: false,
                  message: 'The expression gives no finite number',
                },
              ],
            },
          };
        },
      }),
    });
    const card = await channelCard('temperature');
    fireEvent.click(within(card).getByRole('button', { name: 'Lisää kalibrointi' }));
    const form = within(card).getByRole('form', { name: 'Kanavan Lämpötila uusi kalibrointi' });
    fireEvent.change(expressionInput(form), { target: { value: 'x - 0.4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Testaa' }));

    const results = await within(form).findByRole('table', { name: 'Testin tulokset' });
    expect(tested).toEqual({ meterId: 3, channel: 'temperature', expression: 'x - 0.4' });
    const [, first, second] = within(results).getAllByRole('row') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('21,5')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('21,1')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Kelvollinen')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('0,0')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('-')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Lauseke ei anna äärellistä lukua')).toBeTruthy();
  });

  it('edits only what changed, and deletes after a confirmation that warns of the recomputation', async () => {
    const start = '2026-01-05T08:00:30.000Z';
    let calibrations: Calibration[] = [{ id: 9, expression: 'x - 0.4', start, end: null }];
    let updated: unknown;
    let deleted: unknown;
    renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(() => calibrationsAnswer(calibrations), {
        UpdateMeterCalibration: ({ input }) => {
          updated = input;
          const end = (input as { endAt: string }).endAt;
          calibrations = [{ ...(calibrations[0] as Calibration), end }];
          return {
            data: {
              updateCalibration: {
                __typename: 'MeterCalibration',
                id: 9,
                meterId: 3,
                channel: 'temperature',
                expression: 'x - 0.4',
                range: { __typename: 'MeterCalibrationRange', start, end },
              },
            },
          };
        },
        DeleteMeterCalibration: ({ id }) => {
          deleted = id;
          calibrations = [];
          return { data: { deleteCalibration: true } };
        },
      }),
    });
    const card = await channelCard('temperature');
    const table = await within(card).findByRole('table', { name: 'Kanavan Lämpötila kalibroinnit' });
    fireEvent.click(within(table).getByRole('button', { name: 'Muokkaa' }));
    const form = within(card).getByRole('form', { name: /^Kanavan Lämpötila kalibrointi alkaen/ });
    // Its start (with seconds the minute input cannot show) is sent only when changed.
    typeInto(within(form).getByLabelText(/^Loppu/), '1.2.2026 00:00');
    expect(within(form).getByText(/Muutos ulottuu yli minuutin taaksepäin/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna kalibrointi' }));
    await waitFor(() => expect(updated).toEqual({ id: 9, endAt: '2026-01-31T22:00:00.000Z' }));
    await waitFor(() => expect(within(table).queryByText('Toistaiseksi')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Poista' }));
    expect(await answerConfirm(true)).toMatch(
      /^Poistetaanko kanavan Lämpötila kalibrointi x - 0\.4 alkaen .+\? Se alkaa yli minuutin takaa: sen aikavälin tallennetut arvot lasketaan uudelleen\.$/,
    );
    await waitFor(() => expect(deleted).toBe(9));
    expect(await within(card).findByText('Ei kalibrointeja.')).toBeTruthy();
  });

  it("sets the channel's conversion", async () => {
    let conversions: Conversion[] = [];
    let sent: unknown;
    renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(() => calibrationsAnswer([], conversions), {
        CreateMeterConversion: ({ input }) => {
          sent = input;
          conversions = [{ id: 4, expression: 'x / 10', name: 'Lämpötila', target: null }];
          return {
            data: {
              createConversion: { __typename: 'MeterConversion', channel: 'temperature', ...conversions[0] },
            },
          };
        },
      }),
    });
    const card = await channelCard('temperature');
    expect(within(card).getByText('Ei muunnosta: kalibroinnit koskevat raaka-arvoa.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Aseta muunnos' }));
    const form = within(card).getByRole('form', { name: 'Kanavan Lämpötila muunnos' });
    fireEvent.change(expressionInput(form), { target: { value: 'x / 10' } });
    fireEvent.change(within(form).getByLabelText(/^Nimi/), { target: { value: 'Lämpötila' } });
    expect(within(form).getByText('Uusi lauseke laskee kanavan koko tallennetun historian uudelleen.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna muunnos' }));
    await waitFor(() =>
      expect(sent).toEqual({
        meterId: 3,
        channel: 'temperature',
        expression: 'x / 10',
        name: 'Lämpötila',
        target: null,
      }),
    );
    const shown = await within(card).findByTestId('conversion-temperature');
    expect(within(shown).getByText('x / 10')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Korvaa muunnos' })).toBeTruthy();
  });

  it('shows conversions and calibrations to a viewer who does not administer the meter, without controls', async () => {
    renderApp({
      path: '/meters/3?tab=calibrations',
      graphql: answers(
        () =>
          calibrationsAnswer(
            [{ id: 9, expression: 'x - 0.4', start: minutesAgo(60), end: null }],
            [{ id: 4, expression: 'x / 10', name: 'Lämpötila', target: null }],
          ),
        {},
        testMeter(3, 'Luokka 101', { currentUserIsAdmin: false }),
      ),
    });
    const card = await channelCard('temperature');
    const table = await within(card).findByRole('table', { name: 'Kanavan Lämpötila kalibroinnit' });
    expect(within(table).getByText('x - 0.4')).toBeTruthy();
    expect(within(card).getByText('x / 10')).toBeTruthy();
    // The other channels of the latest reading are listed too.
    expect(await channelCard('humidity')).toBeTruthy();
    const section = screen.getByTestId('meter-calibrations');
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
    expect(within(section).queryByRole('form')).toBeNull();
  });
});
