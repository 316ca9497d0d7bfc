// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminFindFreeMetersDocument } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, installDomPolyfills, renderApp } from '../../testing/renderApp.tsx';
import { Notifications } from '../notifications/Notifications.tsx';

const organization = { __typename: 'Organization', id: 'org-1', name: 'Olo Demo', path: 'olo-demo' };

function meter(id: number, serial: string, rest: Record<string, unknown> = {}) {
  return {
    __typename: 'Meter',
    id,
    serial,
    name: null,
    driver: 'elsys',
    organizationId: null,
    organization: null,
    lastSeen: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-02-01T10:00:00.000Z',
    inStorage: false,
    active: true,
    ...rest,
  };
}

const first = meter(1, '70b3d57ed0000001');
const second = meter(2, '70b3d57ed0000002');
const owned = meter(3, '70b3d57ed0000003', {
  name: 'Luokka 101',
  organizationId: organization.id,
  organization: { __typename: 'Organization', id: organization.id, name: organization.name },
});

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

/** Answers as the server would: moved meters stop being free. */
function answers(sent: Sent[]): GraphqlAnswers {
  let free = [first, second];
  const record = (name: string, variables: Record<string, unknown>) => sent.push({ name, variables });
  return {
    CurrentUser: () => ({ data: { currentUser: signedInUser({ isAdmin: true }) } }),
    AdminFreeMeters: () => ({ data: { meters: free } }),
    AdminAllMeters: () => ({ data: { meters: [...free, owned] } }),
    AdminMeterOrganizations: () => ({ data: { organizations: [organization] } }),
    AdminFindFreeMeters: (variables) => {
      record('AdminFindFreeMeters', variables);
      const serials = variables.serials as string[];
      return { data: { findFreeMeters: free.filter((item) => serials.includes(item.serial)) } };
    },
    AdminMoveFreeMeters: (variables) => {
      record('AdminMoveFreeMeters', variables);
      const serials = variables.serials as string[];
      const moved = free.filter((item) => serials.includes(item.serial));
      free = free.filter((item) => !serials.includes(item.serial));
      return {
        data: { moveFreeMeters: moved.map((item) => ({ ...item, organizationId: organization.id })) },
      };
    },
    AdminMeterToStorage: ({ id }) => {
      record('AdminMeterToStorage', { id });
      return { data: { meterToStorage: { ...owned, inStorage: true } } };
    },
  };
}

/** The app mounts the toast container beside the router; a test mounts its own. */
function renderAdminMeters(sent: Sent[]) {
  installDomPolyfills();
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
  return renderApp({ path: '/admin/meters', graphql: answers(sent) });
}

configure({ asyncUtilTimeout: 5000 });

describe('admin meters', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    toast.dismiss();
    await cleanupApp();
  });

  it('is for site admins only', async () => {
    const { operations } = renderApp({
      path: '/admin/meters',
      graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) },
    });
    expect(await screen.findByText('Sinulla ei ole oikeutta tälle sivulle.')).toBeTruthy();
    expect(operations).not.toContain('AdminFreeMeters');
  });

  it('refuses a serial that is not 16 hex digits, without asking the server', async () => {
    const sent: Sent[] = [];
    renderAdminMeters(sent);
    const form = await screen.findByTestId('find-meters-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Sarjanumerot/ }), {
      target: { value: '70b3d57ed0000001\n12345' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Etsi' }));
    expect(await within(form).findByText('Sarjanumerossa (DevEUI) on 16 heksadesimaalinumeroa')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('finds free meters by serials and moves the chosen ones to an organization', async () => {
    const sent: Sent[] = [];
    renderAdminMeters(sent);
    const freeList = await screen.findByTestId('free-meters');
    await within(freeList).findByText('70b3d57ed0000002');

    const form = await screen.findByTestId('find-meters-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Sarjanumerot/ }), {
      target: { value: '70-B3-D5-7E-D0-00-00-01, 70b3d57ed0000009' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Etsi' }));
    const found = await screen.findByTestId('found-meters');
    // A mutation, as the spec lists it.
    expect(AdminFindFreeMetersDocument.definitions[0]).toMatchObject({ operation: 'mutation' });
    expect(sent).toEqual([
      { name: 'AdminFindFreeMeters', variables: { serials: ['70b3d57ed0000001', '70b3d57ed0000009'] } },
    ]);
    expect(within(found).getByTestId('meters-not-found').textContent).toBe('Ei vapaa tai tuntematon: 70b3d57ed0000009');
    // A found meter is chosen at once, here and in the list of free meters.
    expect(
      (within(found).getByRole('checkbox', { name: 'Valitse 70b3d57ed0000001' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(freeList).getByRole('checkbox', { name: 'Valitse 70b3d57ed0000001' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(freeList).getByRole('checkbox', { name: 'Valitse 70b3d57ed0000002' }));

    const move = screen.getByTestId('move-meters');
    expect(within(move).getByText('Mittareita valittu: 2.')).toBeTruthy();
    const organizationSelect = within(move).getByRole('combobox', { name: 'Organisaatio' });
    fireEvent.click(organizationSelect);
    const listbox = document.getElementById(organizationSelect.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Olo Demo', hidden: true }));
    fireEvent.click(within(move).getByRole('button', { name: 'Siirrä organisaatioon' }));

    expect(await screen.findByText('Mittareita siirretty organisaatioon Olo Demo: 2.')).toBeTruthy();
    expect(sent[1]).toEqual({
      name: 'AdminMoveFreeMeters',
      variables: { serials: ['70b3d57ed0000001', '70b3d57ed0000002'], organizationId: organization.id },
    });
    expect(await within(freeList).findByText('Ei vapaita mittareita.')).toBeTruthy();
    expect(within(move).getByText(/^Valitse vapaat mittarit/)).toBeTruthy();
  });

  it('puts a meter in storage from the list of all meters', async () => {
    const sent: Sent[] = [];
    renderAdminMeters(sent);
    const all = await screen.findByTestId('all-meters');
    const row = (await within(all).findByText('Luokka 101')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Olo Demo')).toBeTruthy();
    expect(within(row).getByRole('link', { name: owned.serial }).getAttribute('href')).toBe('/admin/meters/3');
    fireEvent.click(within(row).getByRole('button', { name: `Vie ${owned.serial} varastoon` }));
    await waitFor(() => expect(within(row).getByText('Varastossa')).toBeTruthy());
    expect(within(row).getByRole('button', { name: `Ota ${owned.serial} pois varastosta` })).toBeTruthy();
    expect(sent).toEqual([{ name: 'AdminMeterToStorage', variables: { id: 3 } }]);
  });
});
