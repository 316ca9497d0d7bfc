// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, installDomPolyfills, renderApp } from '../../testing/renderApp.tsx';
import { Notifications } from '../notifications/Notifications.tsx';
import {
  decentlabCommands,
  demoOrganization,
  latestReading,
  milesightCommands,
  minutesAgo,
  otherOrganization,
  testMeter,
} from './testMeters.ts';

// The server's own filtering and permissions are tested against the real server (apps/server and e2e/).

configure({ asyncUtilTimeout: 5000 });

const user = signedInUser();

function meters() {
  return [
    testMeter(1, 'Luokka 101', { latest: latestReading({ rssi: -95, snr: -5 }) }),
    testMeter(2, 'Kellari', {
      errors: { __typename: 'MeterErrors', missing: true, systemErrors: 2 },
      batteryResetAt: minutesAgo(90 * 24 * 60),
      latest: latestReading({ rssi: -115, snr: -14 }),
    }),
    testMeter(3, null, { inStorage: true, active: false, latest: null, lastSeen: null, createdAt: minutesAgo(60) }),
    // Never reset, but in Olo for long: its battery is old.
    testMeter(4, 'Naapurin mittari', {
      organization: otherOrganization,
      currentUserIsAdmin: false,
      batteryResetAt: null,
      createdAt: minutesAgo(70 * 24 * 60),
    }),
    testMeter(5, 'Uusi paristo', { batteryResetAt: minutesAgo(24 * 60), createdAt: minutesAgo(400 * 24 * 60) }),
  ];
}

interface Sent {
  filters: Record<string, unknown>[];
  mutations: { name: string; variables: Record<string, unknown> }[];
}

function renderList(path = '/meters', extra: GraphqlAnswers = {}, savedLists: unknown = {}) {
  const sent: Sent = { filters: [], mutations: [] };
  let lists = savedLists;
  const current = new Map(meters().map((meter) => [meter.id, meter]));
  const storage = (name: string, inStorage: boolean) => (variables: Record<string, unknown>) => {
    sent.mutations.push({ name, variables });
    const meter = { ...current.get(Number(variables.id)), inStorage };
    current.set(meter.id as number, meter as ReturnType<typeof testMeter>);
    return { data: { [inStorage ? 'meterToStorage' : 'meterFromStorage']: meter } };
  };
  const view = renderApp({
    path,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: user } }),
      MeterList: ({ filter }) => {
        const given = (filter ?? {}) as Record<string, unknown>;
        sent.filters.push(given);
        const all = [...current.values()];
        const search = typeof given.search === 'string' ? given.search.toLowerCase() : '';
        return {
          data: {
            meters: all.filter(
              (meter) =>
                (!given.organizationId || meter.organization?.id === given.organizationId) &&
                (!search || `${meter.name} ${meter.serial}`.toLowerCase().includes(search)),
            ),
          },
        };
      },
      MeterListOrganizations: () => ({
        data: {
          organizations: [
            { ...demoOrganization, currentUserCanViewMeters: true },
            { ...otherOrganization, currentUserCanViewMeters: true },
            {
              __typename: 'Organization',
              id: '10000000-0000-4000-8000-000000000003',
              name: 'Vain projektit',
              slug: 'vain',
              currentUserCanViewMeters: false,
            },
          ],
        },
      }),
      MeterListOptions: () => ({
        data: {
          currentUser: {
            __typename: 'User',
            id: user.id,
            options: { __typename: 'UserOptions', meterLists: lists },
          },
        },
      }),
      SaveMeterLists: (variables) => {
        sent.mutations.push({ name: 'SaveMeterLists', variables });
        lists = variables.meterLists;
        return {
          data: {
            updateUserOptions: {
              __typename: 'User',
              id: user.id,
              options: { __typename: 'UserOptions', meterLists: lists },
            },
          },
        };
      },
      MeterToStorage: storage('MeterToStorage', true),
      MeterFromStorage: storage('MeterFromStorage', false),
      ResetMeterBattery: (variables) => {
        sent.mutations.push({ name: 'ResetMeterBattery', variables });
        return { data: { resetBattery: current.get(Number(variables.id)) } };
      },
      ...extra,
    },
  });
  return { ...view, sent };
}

async function shownNames(): Promise<string[]> {
  const list = await screen.findByTestId('meter-list');
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('meter list', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    toast.dismiss();
    await cleanupApp();
  });

  it('shows each meter with its organization, driver, last seen time, radio colours and state', async () => {
    renderList();
    await waitFor(async () =>
      expect(await shownNames()).toEqual([
        'Luokka 101',
        'Kellari',
        '70b3d57ed0000003',
        'Naapurin mittari',
        'Uusi paristo',
      ]),
    );
    const first = screen.getByTestId('meter-row-1');
    expect(within(first).getByRole('link', { name: 'Luokka 101' }).getAttribute('href')).toBe('/meters/1');
    expect(within(first).getByText('70b3d57ed0000001')).toBeTruthy();
    expect(within(first).getByText('Olo Demo')).toBeTruthy();
    expect(within(first).getByText('elsys')).toBeTruthy();
    const lastSeen = within(first).getByText('5 minuuttia sitten');
    expect(lastSeen.getAttribute('title')).toMatch(/\d{1,2}\.\d{1,2}\.\d{4}/);
    expect(within(first).getByText('3,61 V')).toBeTruthy();
    expect(within(first).getByText('−95 dBm').closest('[data-quality]')?.getAttribute('data-quality')).toBe('success');
    expect(within(first).getByText('Kunnossa')).toBeTruthy();

    const cellar = screen.getByTestId('meter-row-2');
    expect(within(cellar).getByText('−115 dBm').closest('[data-quality]')?.getAttribute('data-quality')).toBe('danger');
    expect(within(cellar).getByText('−14 dB').closest('[data-quality]')?.getAttribute('data-quality')).toBe('danger');
    expect(within(cellar).getByText('Kadonnut')).toBeTruthy();
    expect(within(cellar).getByText('Virheitä: 2')).toBeTruthy();

    const stored = screen.getByTestId('meter-row-3');
    expect(within(stored).getByText('Varastossa')).toBeTruthy();
    expect(within(stored).getByText('Ei käytössä')).toBeTruthy();
    expect(within(stored).getByText('Ei koskaan')).toBeTruthy();
  });

  it('filters by state and by the age of the battery, and keeps the filters in the URL', async () => {
    const { router } = renderList();
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));

    fireEvent.change(screen.getByLabelText('Tila'), { target: { value: 'missing' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Kellari']));
    fireEvent.change(screen.getByLabelText('Tila'), { target: { value: 'inStorage' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['70b3d57ed0000003']));
    fireEvent.change(screen.getByLabelText('Tila'), { target: { value: 'errors' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Kellari']));
    fireEvent.change(screen.getByLabelText('Tila'), { target: { value: 'all' } });

    fireEvent.change(screen.getByLabelText('Paristo'), { target: { value: 'over60Days' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Kellari', 'Naapurin mittari']));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('battery=over60Days');
  });

  it('asks the server for one organization, offering only those whose meters the viewer may see', async () => {
    const { sent, router } = renderList();
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    const select = screen.getByLabelText('Organisaatio');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Kaikki organisaatiot', 'Olo Demo', 'Toinen Oy']),
    );
    fireEvent.change(select, { target: { value: otherOrganization.id } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Naapurin mittari']));
    expect(sent.filters.at(-1)).toEqual({ organizationId: otherOrganization.id });
    expect(new URLSearchParams(router.state.location.search).get('organization')).toBe(otherOrganization.id);
  });

  it('offers a viewer who sees no meter no filters or saved lists, only the empty list', async () => {
    const { sent } = renderList('/meters', {
      MeterList: () => ({ data: { meters: [] } }),
      MeterListOrganizations: () => ({
        data: { organizations: [{ ...demoOrganization, currentUserCanViewMeters: false }] },
      }),
    });
    expect(await screen.findByTestId('meter-list-empty')).toBeTruthy();
    expect(screen.queryByRole('search', { name: 'Suodata mittareita' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Tallennetut listat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tallenna tämä lista' })).toBeNull();
    expect(sent.mutations).toEqual([]);
  });

  it('offers no organization filter to a viewer of one organization', async () => {
    renderList('/meters', {
      MeterListOrganizations: () => ({
        data: { organizations: [{ ...demoOrganization, currentUserCanViewMeters: true }] },
      }),
    });
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    expect(screen.getByRole('search', { name: 'Suodata mittareita' })).toBeTruthy();
    expect(screen.getByLabelText('Tila')).toBeTruthy();
    expect(screen.queryByLabelText('Organisaatio')).toBeNull();
  });

  it('searches the server by serial or name after a pause in typing', async () => {
    const { sent } = renderList();
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Haku' }), { target: { value: 'kell' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Kellari']));
    expect(sent.filters.at(-1)).toEqual({ search: 'kell' });
  });

  it('saves the filters as a named list in the user options, and opens it again from its chip', async () => {
    const { sent, router } = renderList('/meters?state=missing');
    await waitFor(async () => expect(await shownNames()).toEqual(['Kellari']));

    fireEvent.click(screen.getByRole('button', { name: 'Tallenna tämä lista' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Listan nimi/), { target: { value: 'Kadonneet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));

    await waitFor(() => expect(sent.mutations.map((mutation) => mutation.name)).toEqual(['SaveMeterLists']));
    expect(sent.mutations[0]?.variables).toEqual({
      meterLists: {
        lists: [{ name: 'Kadonneet', filters: { state: 'missing', organizationId: '', battery: 'all', search: '' } }],
      },
    });
    const chip = await screen.findByRole('button', { name: 'Kadonneet' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText('Tila'), { target: { value: 'all' } });
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip);
    await waitFor(async () => expect(await shownNames()).toEqual(['Kellari']));
    expect(router.state.location.search).toBe('?state=missing');
  });

  it('keeps saved lists it does not understand out, and shows the others', async () => {
    renderList(
      '/meters',
      {},
      {
        lists: [{ name: 'Varasto', filters: { state: 'inStorage' } }, { nonsense: true }, 'not a list'],
      },
    );
    expect(await screen.findByRole('button', { name: 'Varasto' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Varasto' }));
    await waitFor(async () => expect(await shownNames()).toEqual(['70b3d57ed0000003']));
  });

  it('puts the selected meters in storage, one mutation each, and tells how it went', async () => {
    installDomPolyfills();
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    const { sent } = renderList();
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));

    // Only meters the viewer administers can be chosen.
    expect(within(screen.getByTestId('meter-row-4')).queryByRole('checkbox')).toBeNull();
    const toolbar = screen.getByRole('toolbar', { name: 'Toiminnot valituille mittareille' });
    expect(within(toolbar).getByRole('button', { name: 'Varastoon' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Luokka 101' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Kellari' }));
    expect(within(toolbar).getByText('Valittuna: 2')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Varastoon' }));

    expect(await screen.findByText('2/2 mittaria siirrettiin varastoon.')).toBeTruthy();
    expect(sent.mutations).toEqual([
      { name: 'MeterToStorage', variables: { id: 1 } },
      { name: 'MeterToStorage', variables: { id: 2 } },
    ]);
    await waitFor(() => expect(within(screen.getByTestId('meter-row-1')).getByText('Varastossa')).toBeTruthy());
    expect(within(toolbar).getByText('Valittuna: 0')).toBeTruthy();
  });

  it('sends the selected meters a command their drivers share, after confirmation, and tells how many it reached', async () => {
    installDomPolyfills();
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    let bulk: Record<string, unknown> | undefined;
    const withCommands = [
      testMeter(1, 'Luokka 101', { driver: 'milesight-am307', driverCommands: milesightCommands }),
      testMeter(2, 'Kellari', { driver: 'decentlab-dl-iam', driverCommands: decentlabCommands }),
      testMeter(5, 'Elsys'),
    ];
    renderList('/meters', {
      MeterList: () => ({ data: { meters: withCommands } }),
      SendMeterCommands: (variables) => {
        bulk = variables;
        return {
          data: {
            meterCommands: [
              {
                __typename: 'MeterCommandOutcome',
                meterId: 1,
                status: 'sent',
                command: { __typename: 'MeterCommand', id: 21, error: null },
              },
              {
                __typename: 'MeterCommandOutcome',
                meterId: 2,
                status: 'failed',
                command: { __typename: 'MeterCommand', id: 22, error: 'The meter has no downlink route yet' },
              },
            ],
          },
        };
      },
    });
    await waitFor(async () => expect(await shownNames()).toHaveLength(3));
    const toolbar = screen.getByRole('toolbar', { name: 'Toiminnot valituille mittareille' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Luokka 101' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Kellari' }));
    const form = within(toolbar).getByRole('form', { name: 'Lähetä komento valituille mittareille' });
    const command = within(form).getByLabelText('Komento') as HTMLSelectElement;
    // The Decentlab-only trial interval is not offered; the interval is what both accept.
    expect([...command.options].map((option) => option.text)).toEqual(['Käynnistä uudelleen', 'Aseta lähetysväli']);
    fireEvent.change(command, { target: { value: 'reporting-interval' } });
    fireEvent.change(within(form).getByLabelText(/^Väli \(minuuttia\)/), { target: { value: '1090' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä komento' }));
    expect(await within(form).findByText('Valitse 1–1080 minuuttia')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Oletko varma?' })).toBeNull();

    fireEvent.change(within(form).getByLabelText(/^Väli \(minuuttia\)/), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä komento' }));
    expect(await answerConfirm(true)).toBe('Lähetetäänkö ”Aseta lähetysväli” (20 min) 2 mittarille?');
    expect(await screen.findByText('Komento lähetetty 1 mittarille, epäonnistui 1 mittarilla.')).toBeTruthy();
    expect(bulk).toEqual({ meterIds: [1, 2], commandId: 'reporting-interval', interval: 1200 });

    // A meter whose driver has no commands leaves nothing in common to send.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Luokka 101' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Elsys' }));
    expect(within(toolbar).queryByRole('form', { name: 'Lähetä komento valituille mittareille' })).toBeNull();
  });

  it('selects every meter it may act on at once, and resets their batteries or takes them out of storage', async () => {
    const { sent } = renderList();
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse kaikki' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Toiminnot valituille mittareille' });
    expect(within(toolbar).getByText('Valittuna: 4')).toBeTruthy();

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Nollaa paristo' }));
    await waitFor(() => expect(sent.mutations).toHaveLength(4));
    expect(sent.mutations.map(({ name, variables }) => [name, variables.id])).toEqual([
      ['ResetMeterBattery', 1],
      ['ResetMeterBattery', 2],
      ['ResetMeterBattery', 3],
      ['ResetMeterBattery', 5],
    ]);
    // Done: what succeeded is no longer selected.
    await waitFor(() => expect(within(toolbar).getByText('Valittuna: 0')).toBeTruthy());

    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse 70b3d57ed0000003' }));
    await waitFor(() =>
      expect(within(toolbar).getByRole('button', { name: 'Pois varastosta' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Pois varastosta' }));
    await waitFor(() => expect(sent.mutations.at(-1)).toEqual({ name: 'MeterFromStorage', variables: { id: 3 } }));
  });

  it('reports the meters the server refused and keeps them selected', async () => {
    installDomPolyfills();
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    renderList('/meters', {
      MeterToStorage: ({ id }) =>
        id === 2
          ? { data: null, errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }] }
          : { data: { meterToStorage: { ...testMeter(Number(id), 'Luokka 101'), inStorage: true } } },
    });
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Luokka 101' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valitse Kellari' }));
    fireEvent.click(screen.getByRole('button', { name: 'Varastoon' }));
    expect(await screen.findByText(/^1\/2 mittaria siirrettiin varastoon\. Ei oikeutta/)).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'Toiminnot valituille mittareille' });
    expect(within(toolbar).getByText('Valittuna: 1')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Valitse Kellari' }) as HTMLInputElement).checked).toBe(true);
  });
});
