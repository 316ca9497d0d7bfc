// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { limitErrors } from '@olo/shared';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, installDomPolyfills, renderApp } from '../../testing/renderApp.tsx';
import { Notifications } from '../notifications/Notifications.tsx';
import { organizationId, organizationSummary } from '../organizations/testData.ts';

function limit(id: number, rest: Record<string, unknown> = {}) {
  return {
    __typename: 'Limit',
    id,
    name: 'S2 CO2',
    nameKey: null,
    dataType: 'CO2',
    min: 400,
    max: 2000,
    limits: [750, 950, 1200],
    colors: ['#2f9e44', '#94d82d', '#fab005'],
    maxcolor: '#e03131',
    normalMin: null,
    normalMax: 1200,
    split: true,
    opacity: 0.2,
    order: 1,
    organizationId: null,
    ...rest,
  };
}

function color(id: number, rest: Record<string, unknown> = {}) {
  return {
    __typename: 'Color',
    id,
    name: 'Tummansininen',
    nameKey: null,
    color: '#1c3f95',
    type: 'print',
    order: 0,
    organizationId: null,
    ...rest,
  };
}

// A shipped limit: stored in English, named by its key in the reader's language (decision 0166).
const globalTemperature = limit(2, {
  name: 'Temperature S2, heating season',
  nameKey: 'limit.temperatureS2',
  dataType: 'Temperature',
  min: 15,
  max: 30,
  limits: [20, 25],
  colors: ['#1c7ed6', '#2f9e44'],
  normalMax: null,
  order: 0,
});

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

const admin = () => ({ data: { currentUser: signedInUser({ isAdmin: true }) } });
const member = () => ({ data: { currentUser: signedInUser() } });

function answers(sent: Sent[], extra: GraphqlAnswers = {}): GraphqlAnswers {
  const record = (name: string) => (variables: Record<string, unknown>) => {
    sent.push({ name, variables });
    return { data: null, errors: [{ message: 'not answered' }] };
  };
  return {
    CurrentUser: admin,
    ManagedGlobalLimits: () => ({ data: { globalLimits: [limit(1), globalTemperature] } }),
    ManagedGlobalColors: () => ({
      data: { colors: [color(1), color(2, { name: 'Organisaation oma', organizationId, color: '#ff0000' })] },
    }),
    CreateManagedLimit: record('CreateManagedLimit'),
    ...extra,
  };
}

/** The app mounts the toast container beside the router; a test mounts its own. */
function renderWithToasts(path: string, graphql: GraphqlAnswers) {
  installDomPolyfills();
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
  return renderApp({ path, graphql });
}

function setNumber(container: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(container).getByRole('textbox', { name: label }), { target: { value } });
}

configure({ asyncUtilTimeout: 5000 });

describe('colour and limit screens', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    toast.dismiss();
    await cleanupApp();
  });

  it('shows a site admin the global limits by type, then order, each with its bands in numbers too', async () => {
    renderApp({ path: '/admin/limits', graphql: answers([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Yleiset rajat' })).toBeTruthy();
    const rows = await screen.findAllByTestId('limit-row');
    // Temperature is listed before CO2 (spec §9: by data type, the priority types first).
    expect(within(rows[0] as HTMLElement).getByText('Lämpötila S2, lämmityskausi')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText('Temperature S2, heating season')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('S2 CO2')).toBeTruthy();
    const strip = within(rows[1] as HTMLElement).getByRole('img', { name: /^Alueet/ });
    expect(strip.getAttribute('aria-label')).toContain('400–750: #2f9e44');
    expect(strip.getAttribute('aria-label')).toContain('1200–2000: #e03131');
  });

  it('shows a site admin the global colours only, with their hex', async () => {
    renderApp({ path: '/admin/colors', graphql: answers([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Yleiset värit' })).toBeTruthy();
    const rows = await screen.findAllByTestId('color-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('#1c3f95')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Tuloste')).toBeTruthy();
  });

  it('refuses the admin screens to a user who is not a site admin, without asking for them', async () => {
    for (const path of ['/admin/limits', '/admin/colors']) {
      const { operations } = renderApp({ path, graphql: answers([], { CurrentUser: member }) });
      expect(await screen.findByText('Sinulla ei ole oikeutta tälle sivulle.')).toBeTruthy();
      expect(operations).not.toContain('ManagedGlobalLimits');
      expect(operations).not.toContain('ManagedGlobalColors');
      await cleanupApp();
    }
  });

  it('shows on its row an edge that does not rise, and sends nothing', async () => {
    const sent: Sent[] = [];
    renderApp({ path: '/admin/limits', graphql: answers(sent) });
    fireEvent.click(await screen.findByRole('button', { name: 'Lisää raja' }));
    const form = await screen.findByTestId('limit-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Koe' } });
    setNumber(form, /^Alue 2 päättyy/, '20');
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    expect(await within(form).findByText('Alueiden rajojen on kasvettava minimistä maksimiin')).toBeTruthy();
    expect(
      within(form)
        .getByRole('textbox', { name: /^Alue 2 päättyy/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(sent).toEqual([]);
  });

  it('creates an organization limit from the organization page with the bands as typed', async () => {
    const sent: Sent[] = [];
    const created = limit(9, { organizationId });
    renderApp({
      path: '/o/olo-demo',
      graphql: {
        CurrentUser: member,
        OrganizationPage: () => ({
          data: { organizationBySlug: { ...organizationSummary(), parent: null, organizations: [], projects: [] } },
        }),
        ManagedOrganizationLimits: () => ({ data: { limitsByOrganization: [] } }),
        ManagedOrganizationColors: () => ({ data: { colorsByOrganization: [] } }),
        CreateManagedLimit: (variables) => {
          sent.push({ name: 'CreateManagedLimit', variables });
          return { data: { createLimit: created } };
        },
      },
    });
    const section = await screen.findByTestId('limits-section');
    expect(await within(section).findByTestId('no-limits')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Lisää raja' }));
    const form = await screen.findByTestId('limit-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Koulun CO2' } });
    const type = within(form).getByRole('combobox', { name: /^Suure/ });
    fireEvent.click(type);
    const listbox = document.getElementById(type.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'CO2', hidden: true }));
    setNumber(form, /^Pienin/, '400');
    setNumber(form, /^Suurin/, '2000');
    setNumber(form, /^Alue 1 päättyy/, '800');
    setNumber(form, /^Alue 2 päättyy/, '1200');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Alueen 2 väri/ }), { target: { value: '#FAB005' } });
    setNumber(form, /^Normaalialue enintään/, '1200');
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: {
        name: 'Koulun CO2',
        dataType: 'CO2',
        order: 0,
        min: 400,
        max: 2000,
        limits: [800, 1200],
        colors: ['#2f9e44', '#fab005'],
        maxcolor: '#e03131',
        normalMin: null,
        normalMax: 1200,
        split: true,
        opacity: 0.2,
        organizationId,
      },
    });
  });

  it('shows the management sections of an organization to its admins only', async () => {
    const organizationAnswers = (currentUserIsAdmin: boolean): GraphqlAnswers => ({
      CurrentUser: member,
      OrganizationPage: () => ({
        data: {
          organizationBySlug: {
            ...organizationSummary({ currentUserIsAdmin }),
            parent: null,
            organizations: [],
            projects: [],
          },
        },
      }),
      ManagedOrganizationLimits: () => ({
        data: { limitsByOrganization: [limit(5, { organizationId, name: 'Oma CO2' })] },
      }),
      ManagedOrganizationColors: () => ({
        data: { colorsByOrganization: [color(6, { organizationId, name: 'Oma sininen' })] },
      }),
    });
    const asMember = renderApp({ path: '/o/olo-demo', graphql: organizationAnswers(false) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olo Demo' })).toBeTruthy();
    expect(screen.queryByTestId('limits-section')).toBeNull();
    expect(screen.queryByTestId('colors-section')).toBeNull();
    expect(asMember.operations).not.toContain('ManagedOrganizationLimits');
    await cleanupApp();

    renderApp({ path: '/o/olo-demo', graphql: organizationAnswers(true) });
    const limits = await screen.findByTestId('limits-section');
    expect(await within(limits).findByText('Oma CO2')).toBeTruthy();
    const colors = screen.getByTestId('colors-section');
    expect(await within(colors).findByText('Oma sininen')).toBeTruthy();
  });

  it('saves an edited global limit with its id and without an owner', async () => {
    const sent: Sent[] = [];
    renderApp({
      path: '/admin/limits',
      graphql: answers(sent, {
        UpdateManagedLimit: (variables) => {
          sent.push({ name: 'UpdateManagedLimit', variables });
          return { data: { updateLimit: limit(1, { opacity: 0.2, maxcolor: '#c92a2a' }) } };
        },
      }),
    });
    const rows = await screen.findAllByTestId('limit-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Muokkaa: S2 CO2' }));
    const form = await screen.findByTestId('limit-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Väri viimeisen rajan yläpuolella/ }), {
      target: { value: '#C92A2A' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Poista alue 3' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: {
        id: 1,
        name: 'S2 CO2',
        dataType: 'CO2',
        order: 1,
        min: 400,
        max: 2000,
        limits: [750, 950],
        colors: ['#2f9e44', '#94d82d'],
        maxcolor: '#c92a2a',
        normalMin: null,
        normalMax: 1200,
        split: true,
        opacity: 0.2,
      },
    });
  });

  it('adds a global colour with its hex in lower case, and refuses one that is not #rrggbb', async () => {
    const sent: Sent[] = [];
    renderApp({
      path: '/admin/colors',
      graphql: answers(sent, {
        CreateManagedColor: (variables) => {
          sent.push({ name: 'CreateManagedColor', variables });
          return { data: { createColor: color(3, { name: 'Oranssi', color: '#f08c00', type: 'chart', order: 1 }) } };
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Lisää väri' }));
    const form = await screen.findByTestId('color-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Oranssi' } });
    const hex = within(form).getByRole('textbox', { name: /^Väri/ });
    fireEvent.change(hex, { target: { value: 'orange' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    expect(await within(form).findByText('Anna väri muodossa #rrggbb')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(hex, { target: { value: '#F08C00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: { name: 'Oranssi', color: '#f08c00', type: 'chart', order: 1, organizationId: null },
    });
  });

  it('tells where a limit is used when the server refuses to delete it', async () => {
    const places = 'Koulu / CO2 luokka 101';
    renderWithToasts(
      '/admin/limits',
      answers([], {
        DeleteManagedLimit: () => ({
          data: null,
          errors: [{ message: limitErrors.limitInUse, extensions: { code: 'CONFLICT', values: { places } } }],
        }),
      }),
    );
    const rows = await screen.findAllByTestId('limit-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Poista S2 CO2' }));
    await answerConfirm(true);
    expect(await screen.findByText(`Raja on käytössä: ${places}`)).toBeTruthy();
  });
});
