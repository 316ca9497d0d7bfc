// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { channel, latestReading, milesightCommands, minutesAgo, permissionDenied, testMeter } from './testMeters.ts';

// The real push of a reading from the broker to this page is tested in the browser (e2e/).

configure({ asyncUtilTimeout: 5000 });

const user = signedInUser();

function readings(meterId: number) {
  return {
    data: {
      meter: {
        __typename: 'Meter',
        id: meterId,
        data: [
          {
            __typename: 'MeterReading',
            time: minutesAgo(5),
            channels: { temperature: channel(21.46, 'Temperature', '°C') },
            decodeError: null,
          },
          {
            __typename: 'MeterReading',
            time: minutesAgo(15),
            channels: { temperature: channel(21.1, 'Temperature', '°C') },
            decodeError: null,
          },
        ],
        stats: { __typename: 'MeterStats', count: 2, decodeErrors: 0, first: minutesAgo(15), last: minutesAgo(5) },
      },
    },
  };
}

const day = 24 * 60 * 60 * 1000;
const utcDaysAgo = (days: number) => new Date((Math.floor(Date.now() / day) - days) * day).toISOString();

/** An Elsys meter's battery: a cell running down to the medium threshold, then changed. */
function batteryHistory(meterId: number) {
  const days = [
    { day: utcDaysAgo(3), min: 3.38, max: 3.41, last: 3.39 },
    { day: utcDaysAgo(2), min: 3.35, max: 3.38, last: 3.36 },
    { day: utcDaysAgo(1), min: 3.34, max: 3.65, last: 3.65 },
  ];
  return {
    data: {
      meter: {
        __typename: 'Meter',
        id: meterId,
        batteryRule: { __typename: 'BatteryRule', unit: 'V', medium: 3.4, low: 3.2 },
        batteryHistory: days.map((entry) => ({ __typename: 'BatteryDay', ...entry })),
      },
    },
  };
}

function answers(meter: ReturnType<typeof testMeter>, extra: GraphqlAnswers = {}): GraphqlAnswers {
  return {
    CurrentUser: () => ({ data: { currentUser: user } }),
    MeterPage: () => ({ data: { meter } }),
    MeterReadings: () => readings(meter.id),
    MeterBatteryHistory: () => batteryHistory(meter.id),
    MeterSystemErrors: () => ({ data: { meter: { __typename: 'Meter', id: meter.id, systemErrors: [] } } }),
    MeterCommands: () => ({
      data: { meter: { __typename: 'Meter', id: meter.id, driverCommands: meter.driverCommands, commands: [] } },
    }),
    MeterCalibrations: () => ({
      data: { meter: { __typename: 'Meter', id: meter.id, conversions: [], calibrations: [] } },
    }),
    MeterDrivers: () => ({
      data: {
        drivers: [
          { __typename: 'Driver', id: 'elsys', vendor: 'Elsys', models: ['ERS', 'ERS CO2'] },
          { __typename: 'Driver', id: 'milesight-am103', vendor: 'Milesight', models: ['AM103'] },
        ],
      },
    }),
    MeterFormSuggestions: () => ({
      data: {
        meterLocations: ['Luokka 101', 'Liikuntasali'],
        meterMeta: [
          { __typename: 'MeterMetaEntry', key: 'floor', values: ['1', '2'] },
          { __typename: 'MeterMetaEntry', key: 'wing', values: ['A', 'B'] },
        ],
      },
    }),
    ...extra,
  };
}

function quality(element: HTMLElement): string | null {
  return element.closest('[data-quality]')?.getAttribute('data-quality') ?? null;
}

describe('meter page', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows the latest reading: each channel with its unit, and the radio coloured by signal quality', async () => {
    renderApp({ path: '/meters/3', graphql: answers(testMeter(3, 'Luokka 101', { currentUserIsAdmin: false })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Luokka 101' })).toBeTruthy();
    const latest = screen.getByTestId('meter-latest');
    expect(within(latest).getByTestId('meter-channel-temperature').textContent).toBe('21,5 °C');
    expect(within(latest).getByTestId('meter-channel-humidity').textContent).toBe('41,3 %RH');
    expect(within(latest).getByTestId('meter-channel-co2').textContent).toBe('613 ppm');
    // A channel is called by its measurement in the viewer's language (symbols as they are), never by its key.
    expect(within(latest).getByText('Lämpötila')).toBeTruthy();
    expect(within(latest).getByText('CO2')).toBeTruthy();
    expect(within(latest).queryByText(/temperature/)).toBeNull();

    const radio = within(latest).getByRole('table', { name: 'Radio ja paristo' });
    const row = (name: string) => {
      const found = within(radio)
        .getAllByRole('row')
        .find((item) => item.querySelector('th')?.textContent === name);
      if (!found) throw new Error(`no row ${name}`);
      return found;
    };
    expect(quality(within(row('RSSI')).getByText('−115 dBm'))).toBe('danger');
    expect(quality(within(row('SNR')).getByText('−10,5 dB'))).toBe('warning');
    expect(quality(within(row('Levennyskerroin')).getByText('SF7'))).toBe('success');
    expect(within(row('Paristo')).getByText('3,61 V')).toBeTruthy();
    expect(within(row('Käyttöjännite')).getByText('3,30 V')).toBeTruthy();
    expect(within(row('Kadonneet viestit')).getByText('1')).toBeTruthy();
    expect(within(row('Paristo nollattu')).getByText('Ei koskaan')).toBeTruthy();

    // The page header, the range's statistics and the projects are for everyone who sees the meter.
    expect(screen.getByText('70b3d57ed0000003')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Olo Demo' }).getAttribute('href')).toBe('/o/olo-demo');
    expect(screen.getByRole('link', { name: 'Koulun sisäilma' }).getAttribute('href')).toBe('/p/7');
    expect(await screen.findByText('Lukemien määrä')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Kaavio, Lämpötila: Lämpötila' })).toBeTruthy();

    // A viewer who does not administer the meter is offered no administration: no commands or settings tab.
    const tabs = screen.getByRole('tablist', { name: 'Mittarin osiot' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Yleiskatsaus', 'Kalibroinnit', 'Vianetsintä']);
    expect(screen.queryByTestId('edit-meter-form')).toBeNull();
    expect(screen.queryByTestId('meter-command-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Varastoon' })).toBeNull();
  });

  it('opens the tab its address names, keeps the chosen tab in the address, and shows channel ids only in diagnostics', async () => {
    const { router } = renderApp({
      path: '/meters/3?tab=diagnostics',
      graphql: answers(testMeter(3, 'Luokka 101', { currentUserIsAdmin: false })),
    });
    const channels = await screen.findByRole('table', { name: 'Kanavat' });
    const row = within(channels).getByRole('row', { name: /temperature/ });
    expect(within(row).getByText('Lämpötila')).toBeTruthy();
    expect(within(row).getByText('temperature').tagName).toBe('CODE');
    expect(within(row).getByText('21,5 °C')).toBeTruthy();
    expect(screen.getByTestId('meter-errors')).toBeTruthy();
    expect(screen.queryByTestId('meter-latest')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Kalibroinnit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=calibrations'));
    expect(await screen.findByTestId('meter-calibrations')).toBeTruthy();
    // The first tab has no name in the address.
    fireEvent.click(screen.getByRole('tab', { name: 'Yleiskatsaus' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('meter-latest')).toBeTruthy();

    // A tab the viewer may not use opens the overview instead.
    await router.navigate('/meters/3?tab=settings');
    expect(await screen.findByTestId('meter-latest')).toBeTruthy();
    expect(screen.queryByTestId('edit-meter-form')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Yleiskatsaus' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a reading pushed by meterUpdated in the latest card without loading the page again', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const meter = testMeter(3, 'Luokka 101');
    const { operations } = renderApp({
      path: '/meters/3',
      graphql: answers(meter, { MeterUpdated: () => pushes }),
    });
    const value = await screen.findByTestId('meter-channel-temperature');
    expect(value.textContent).toBe('21,5 °C');
    await waitFor(() => expect(operations).toContain('MeterUpdated'));

    pushes.next({
      data: {
        meterUpdated: {
          ...meter,
          lastSeen: minutesAgo(0),
          latest: latestReading({
            time: minutesAgo(0),
            data: { ...latestReading().data, temperature: channel(23.04, 'Temperature', '°C') },
            rssi: -90,
          }),
        },
      },
    });

    await waitFor(() => expect(screen.getByTestId('meter-channel-temperature').textContent).toBe('23,0 °C'));
    const radio = within(screen.getByTestId('meter-latest')).getByRole('table', { name: 'Radio ja paristo' });
    expect(quality(within(radio).getByText('−90 dBm'))).toBe('success');
    expect(operations.filter((name) => name === 'MeterPage')).toHaveLength(1);
    expect(operations.filter((name) => name === 'MeterReadings')).toHaveLength(1);
  });

  it('shows the permission message for a meter the server refuses, and for an address that is no meter', async () => {
    renderApp({
      path: '/meters/99',
      graphql: { CurrentUser: () => ({ data: { currentUser: user } }), MeterPage: permissionDenied },
    });
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(screen.queryByTestId('meter-latest')).toBeNull();
    await cleanupApp();

    const { operations } = renderApp({
      path: '/meters/not-a-meter',
      graphql: { CurrentUser: () => ({ data: { currentUser: user } }) },
    });
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(operations).not.toContain('MeterPage');
  });

  it("shows the battery per day against the driver's thresholds with the reset, over the range the user picks", async () => {
    const resetAt = new Date(Date.parse(utcDaysAgo(1)) + 10 * 60 * 60 * 1000).toISOString();
    const meter = testMeter(3, 'Luokka 101', { batteryResetAt: resetAt, createdAt: '2025-05-01T00:00:00.000Z' });
    const asked: Array<Record<string, unknown>> = [];
    renderApp({
      path: '/meters/3',
      graphql: answers(meter, {
        MeterBatteryHistory: (variables) => {
          asked.push(variables);
          return batteryHistory(3);
        },
      }),
    });
    const battery = await screen.findByTestId('meter-battery');
    expect(within(battery).getByRole('heading', { name: 'Paristo' })).toBeTruthy();
    expect(
      await within(battery).findByRole('img', {
        name: 'Kaavio pariston vuorokausiarvoista: pienin, suurin ja viimeisin',
      }),
    ).toBeTruthy();
    expect(within(battery).getByTestId('battery-thresholds').textContent).toBe(
      'Paristo puolillaan alle 3,40 V, paristo vähissä alle 3,20 V.',
    );
    // On the wall clock of the meter's project (Helsinki), whatever the zone the tests run in.
    const resetText = new Intl.DateTimeFormat('fi', {
      dateStyle: 'short',
      timeStyle: 'medium',
      timeZone: 'Europe/Helsinki',
    }).format(new Date(resetAt));
    expect(within(battery).getByTestId('battery-reset').textContent).toBe(
      `Paristo nollattu ${resetText}: vihreä katkoviiva.`,
    );

    // 90 days first; then a year; then everything since the meter came to Olo.
    const spanDays = (variables: Record<string, unknown> | undefined) =>
      Math.round((Date.parse(String(variables?.to)) - Date.parse(String(variables?.from))) / day);
    expect(asked[0]).toMatchObject({ id: 3 });
    expect(spanDays(asked[0])).toBe(90);
    fireEvent.click(within(battery).getByRole('radio', { name: '1 vuosi' }));
    await waitFor(() => expect(spanDays(asked.at(-1))).toBe(365));
    fireEvent.click(within(battery).getByRole('radio', { name: 'Siitä asti, kun mittari tuli Oloon' }));
    await waitFor(() => expect(asked.at(-1)?.from).toBe('2025-05-01T00:00:00.000Z'));
  });

  it('says so when the meter reports no battery, instead of an empty chart', async () => {
    const meter = testMeter(4, 'Ovi', { driver: null, latest: latestReading({ battery: null }) });
    renderApp({
      path: '/meters/4',
      graphql: answers(meter, {
        MeterBatteryHistory: () => ({
          data: { meter: { __typename: 'Meter', id: 4, batteryRule: null, batteryHistory: [] } },
        }),
      }),
    });
    const battery = await screen.findByTestId('meter-battery');
    expect(await within(battery).findByText('Mittari ei ilmoita paristonsa tilaa.')).toBeTruthy();
    expect(within(battery).queryByRole('img')).toBeNull();
    expect(within(battery).queryByTestId('battery-thresholds')).toBeNull();
    expect(within(battery).getByTestId('battery-reset').textContent).toBe('Paristoa ei ole nollattu.');
  });

  it('lets an administrator edit the meter, with the driver chosen from those the server knows', async () => {
    const meter = testMeter(3, 'Luokka 101');
    let sent: Record<string, unknown> | undefined;
    renderApp({
      path: '/meters/3?tab=settings',
      graphql: answers(meter, {
        UpdateMeter: (variables) => {
          sent = variables;
          return { data: { updateMeter: { ...meter, name: 'Luokka 102', driver: 'milesight-am103' } } };
        },
      }),
    });
    const form = await screen.findByTestId('edit-meter-form');
    const driver = within(form).getByLabelText(/^Ajuri/);
    await waitFor(() =>
      expect(
        within(driver)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ei ajuria', 'Elsys: ERS, ERS CO2', 'Milesight: AM103']),
    );
    fireEvent.change(within(form).getByLabelText(/^Nimi/), { target: { value: 'Luokka 102' } });
    fireEvent.change(driver, { target: { value: 'milesight-am103' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      id: 3,
      name: 'Luokka 102',
      description: null,
      location: 'Luokka 101',
      driver: 'milesight-am103',
      active: true,
      meta: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Luokka 102' })).toBeTruthy();
  });

  it("suggests locations and meta from the viewer's other meters, and saves the meta entries", async () => {
    const meter = testMeter(3, 'Luokka 101');
    let sent: Record<string, unknown> | undefined;
    renderApp({
      path: '/meters/3?tab=settings',
      graphql: answers(meter, {
        UpdateMeter: (variables) => {
          sent = variables;
          return { data: { updateMeter: { ...meter, meta: { floor: '1', wing: 'B' } } } };
        },
      }),
    });
    const form = await screen.findByTestId('edit-meter-form');
    const location = within(form).getByRole('combobox', { name: /^Sijainti/ });
    // Mantine hides dropdowns that jsdom, which lays nothing out, reports off screen; a browser shows them.
    fireEvent.click(location);
    fireEvent.change(location, { target: { value: 'Liik' } });
    expect(await screen.findByRole('option', { name: 'Liikuntasali', hidden: true })).toBeTruthy();
    fireEvent.change(location, { target: { value: 'Luokka 101' } });

    const meta = within(form).getByTestId('meter-meta');
    expect((within(meta).getByRole('combobox', { name: 'Avain' }) as HTMLInputElement).value).toBe('floor');
    fireEvent.click(within(meta).getByRole('button', { name: 'Lisää metatieto' }));
    const keys = within(meta).getAllByRole('combobox', { name: 'Avain' });
    fireEvent.change(keys[1] as HTMLElement, { target: { value: 'floor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    // A key given twice is refused on the form, before anything is sent.
    expect(await within(meta).findByText('Kukin avain vain kerran')).toBeTruthy();
    expect(sent).toBeUndefined();

    fireEvent.click(keys[1] as HTMLElement);
    fireEvent.change(keys[1] as HTMLElement, { target: { value: 'wi' } });
    fireEvent.click(await screen.findByRole('option', { name: 'wing', hidden: true }));
    fireEvent.change(within(meta).getAllByRole('combobox', { name: 'Arvo' })[1] as HTMLElement, {
      target: { value: 'B' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.meta).toEqual([
      { key: 'floor', value: '1' },
      { key: 'wing', value: 'B' },
    ]);
  });

  it('sends a command with its port and hex payload, and lists it with its status', async () => {
    let sent: Record<string, unknown> | undefined;
    renderApp({
      path: '/meters/3?tab=commands',
      graphql: answers(testMeter(3, 'Luokka 101'), {
        SendMeterCommand: (variables) => {
          sent = variables;
          return {
            data: {
              meterCommand: {
                __typename: 'MeterCommand',
                id: 11,
                name: 'Aseta väli',
                type: 'downlink',
                interval: null,
                status: 'sent',
                error: null,
                extra: { fPort: 6, payloadHex: '3e0400000258' },
                createdAt: minutesAgo(0),
                sentAt: minutesAgo(0),
              },
            },
          };
        },
      }),
    });
    const form = await screen.findByTestId('meter-command-form');
    fireEvent.change(within(form).getByLabelText(/^Komennon nimi/), { target: { value: 'Aseta väli' } });
    fireEvent.change(within(form).getByLabelText(/^Portti/), { target: { value: '6' } });
    fireEvent.change(within(form).getByLabelText(/^Sisältö/), { target: { value: '3e 04 00 00 02 5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä komento' }));
    expect(await within(form).findByText('Anna sisältö heksadesimaalitavuina')).toBeTruthy();
    expect(sent).toBeUndefined();

    fireEvent.change(within(form).getByLabelText(/^Sisältö/), { target: { value: '3E 04 00 00 02 58' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä komento' }));
    await waitFor(() => expect(sent).toEqual({ meterId: 3, name: 'Aseta väli', fPort: 6, payload: '3e0400000258' }));
    const list = await within(screen.getByTestId('meter-commands')).findByRole('table', { name: 'Lähetetyt komennot' });
    const row = within(list).getByRole('row', { name: /Aseta väli/ });
    expect(within(row).getByText('3e0400000258')).toBeTruthy();
    expect(within(row).getByText('Lähetetty')).toBeTruthy();
  });

  it("sends a command of the meter's driver by id, with the interval in minutes checked against its range", async () => {
    let sent: Record<string, unknown> | undefined;
    renderApp({
      path: '/meters/3?tab=commands',
      graphql: answers(testMeter(3, 'Luokka 101', { driver: 'milesight-am307', driverCommands: milesightCommands }), {
        SendMeterDriverCommand: (variables) => {
          sent = variables;
          return {
            data: {
              meterCommand: {
                __typename: 'MeterCommand',
                id: 12,
                name: 'Set reporting interval',
                type: 'interval',
                interval: 1200,
                status: 'sent',
                error: null,
                extra: { commandId: 'reporting-interval', fPort: 85, payloadHex: 'ff03b004' },
                createdAt: minutesAgo(0),
                sentAt: minutesAgo(0),
              },
            },
          };
        },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Lähetä mittarin ajurin komento' });
    const command = within(form).getByLabelText('Komento') as HTMLSelectElement;
    expect([...command.options].map((option) => option.text)).toEqual(['Käynnistä uudelleen', 'Aseta lähetysväli']);
    fireEvent.change(command, { target: { value: 'reporting-interval' } });
    fireEvent.change(within(form).getByLabelText(/^Väli \(minuuttia\)/), { target: { value: '2000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä komento' }));
    expect(await within(form).findByText('Valitse 1–1080 minuuttia')).toBeTruthy();
    expect(sent).toBeUndefined();

    fireEvent.change(within(form).getByLabelText(/^Väli \(minuuttia\)/), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä komento' }));
    await waitFor(() => expect(sent).toEqual({ meterId: 3, commandId: 'reporting-interval', interval: 1200 }));
    const list = await within(screen.getByTestId('meter-commands')).findByRole('table', { name: 'Lähetetyt komennot' });
    const row = within(list).getByRole('row', { name: /Aseta lähetysväli: 1200 sekuntia/ });
    expect(within(row).getByText('ff03b004')).toBeTruthy();
  });

  it('acknowledges an unacknowledged system error of the meter', async () => {
    const meter = testMeter(3, 'Luokka 101', {
      errors: { __typename: 'MeterErrors', missing: false, systemErrors: 1 },
    });
    let acknowledged: unknown;
    renderApp({
      path: '/meters/3?tab=diagnostics',
      graphql: answers(meter, {
        MeterSystemErrors: () => ({
          data: {
            meter: {
              __typename: 'Meter',
              id: 3,
              systemErrors: [
                {
                  __typename: 'SystemError',
                  id: 21,
                  time: minutesAgo(30),
                  name: 'Decode error',
                  type: 'decode',
                  data: { message: 'The payload ends inside a temperature record' },
                  acknowledged: false,
                  meterId: 3,
                },
              ],
            },
          },
        }),
        AcknowledgeMeterSystemError: ({ id }) => {
          acknowledged = id;
          return {
            data: {
              acknowledgeSystemError: {
                __typename: 'SystemError',
                id: 21,
                time: minutesAgo(30),
                name: 'Decode error',
                type: 'decode',
                data: null,
                acknowledged: true,
                meterId: 3,
              },
            },
          };
        },
      }),
    });
    const errors = await screen.findByTestId('meter-errors');
    expect(await within(errors).findByText('The payload ends inside a temperature record')).toBeTruthy();
    expect(screen.getByText('Virheitä: 1')).toBeTruthy();
    fireEvent.click(within(errors).getByRole('button', { name: 'Kuittaa' }));
    expect(await within(errors).findByText('Ei kuittaamattomia virheitä.')).toBeTruthy();
    expect(acknowledged).toBe(21);
    expect(screen.queryByText('Virheitä: 1')).toBeNull();
  });

  it('releases the meter after confirmation and returns to the meter list', async () => {
    let released: unknown;
    const { router } = renderApp({
      path: '/meters/3?tab=settings',
      graphql: answers(testMeter(3, 'Luokka 101'), {
        ReleaseMeter: ({ id }) => {
          released = id;
          return { data: { releaseMeter: { __typename: 'Meter', id: 3, organizationId: null } } };
        },
        MeterList: () => ({ data: { meters: [] } }),
      }),
    });
    // Releasing is apart from the everyday actions, in the danger zone at the end of the settings.
    const danger = await screen.findByTestId('meter-danger-zone');
    expect(within(danger).getByRole('heading', { name: 'Vaaravyöhyke' })).toBeTruthy();
    expect(within(danger).getByRole('form', { name: 'Poista lukemat' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Mittarin toiminnot' })).queryByRole('button', {
        name: 'Vapauta mittari',
      }),
    ).toBeNull();
    fireEvent.click(within(danger).getByRole('button', { name: 'Vapauta mittari' }));
    expect(await answerConfirm(true)).toBe(
      'Vapautetaanko Luokka 101? Se lakkaa syöttämästä projektejaan ja poistuu organisaatiosta.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/meters'));
    expect(released).toBe(3);
  });
});
