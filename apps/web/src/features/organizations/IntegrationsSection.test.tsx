// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../config.ts';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { organizationId, organizationSummary } from './testData.ts';

const secret = 'olo_0123456789abcdefghijklmnopqrstuvwxyz';

function integration(id: string, name: string, rest: Record<string, unknown> = {}) {
  return {
    __typename: 'Integration',
    id,
    name,
    kind: 'tts',
    mqttUsername: `olo-${id}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: null,
    ...rest,
  };
}

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

function renderOrganization(currentUserIsAdmin: boolean, sent: Sent[] = []) {
  let integrations = [integration('a1', 'TTS Helsinki', { lastUsedAt: '2026-03-02T08:00:00.000Z' })];
  const answers: GraphqlAnswers = {
    CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
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
    OrganizationMembers: () => ({
      data: { organization: { __typename: 'Organization', id: organizationId, members: [] } },
    }),
    OrganizationInvitations: () => ({
      data: { organization: { __typename: 'Organization', id: organizationId, invitations: [] } },
    }),
    OrganizationIntegrations: () => ({
      data: { organization: { __typename: 'Organization', id: organizationId, integrations } },
    }),
    CreateIntegration: (variables) => {
      sent.push({ name: 'CreateIntegration', variables });
      const created = integration('b2', String(variables.name), { kind: variables.kind });
      integrations = [...integrations, created];
      return { data: { createIntegration: { __typename: 'CreatedIntegration', secret, integration: created } } };
    },
    DeleteIntegration: (variables) => {
      sent.push({ name: 'DeleteIntegration', variables });
      integrations = integrations.filter((item) => item.id !== variables.id);
      return { data: { deleteIntegration: true } };
    },
  };
  return renderApp({ path: '/o/olo-demo', graphql: answers });
}

configure({ asyncUtilTimeout: 5000 });

describe('network server integrations', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.restoreAllMocks();
    config.mqttPort = null;
    await cleanupApp();
  });

  /** Creates an integration in the form and returns the dialog with its credentials. */
  async function createChirpStackIntegration(sent: Sent[]): Promise<HTMLElement> {
    renderOrganization(true, sent);
    const section = await screen.findByTestId('integrations');
    const form = within(section).getByTestId('new-integration-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'ChirpStack Oulu' } });
    const kind = within(form).getByRole('combobox', { name: 'Verkkopalvelin' });
    fireEvent.click(kind);
    const listbox = document.getElementById(kind.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'ChirpStack', hidden: true }));
    fireEvent.click(within(form).getByRole('button', { name: 'Luo integraatio' }));
    return screen.findByRole('dialog');
  }

  it('are not shown to a member who is not an admin', async () => {
    const { operations } = renderOrganization(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olo Demo' })).toBeTruthy();
    expect(screen.queryByTestId('integrations')).toBeNull();
    expect(operations).not.toContain('OrganizationIntegrations');
  });

  it('lists the integrations with their MQTT usernames and needs a name for a new one', async () => {
    config.mqttPort = 1883;
    const sent: Sent[] = [];
    renderOrganization(true, sent);
    const section = await screen.findByTestId('integrations');
    const row = await within(section).findByTestId('integration-row');
    expect(within(row).getByText('TTS Helsinki')).toBeTruthy();
    expect(within(row).getByText('The Things Stack')).toBeTruthy();
    expect(within(row).getByText('olo-a1')).toBeTruthy();

    const form = within(section).getByTestId('new-integration-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo integraatio' }));
    expect(await within(form).findByText('Pakollinen tieto')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the secret of a new integration once, with the embedded broker and HTTP ingest', async () => {
    // The server writes the port of its embedded broker into the page's configuration.
    config.mqttPort = 1884;
    const sent: Sent[] = [];
    const dialog = await createChirpStackIntegration(sent);
    expect(sent).toEqual([
      { name: 'CreateIntegration', variables: { organizationId, name: 'ChirpStack Oulu', kind: 'chirpstack' } },
    ]);
    const value = (testId: string) => (within(dialog).getByTestId(testId) as HTMLInputElement).value;
    expect(value('integration-secret')).toBe(secret);
    expect(value('integration-username')).toBe('olo-b2');
    expect(value('integration-mqtt-port')).toBe('1884');
    const fields = within(dialog)
      .getAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).value);
    expect(fields).toContain(window.location.hostname);
    expect(fields).toContain(`${window.location.origin}/api/ingest/chirpstack`);
    expect(fields).not.toContain(`${window.location.origin}/api/ingest/tts`);
    expect(fields).toContain(`Authorization: Bearer ${secret}`);
    expect(within(dialog).queryByTestId('external-mqtt-broker')).toBeNull();
    expect(within(dialog).getByText('Kopioi salaisuus nyt')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Kopioi Salasana (salaisuus)' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Olen tallentanut salaisuuden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone for good: the page no longer holds the secret anywhere.
    expect(document.body.innerHTML).not.toContain(secret);
    const section = screen.getByTestId('integrations');
    await waitFor(() => expect(within(section).getAllByTestId('integration-row')).toHaveLength(2));
    expect(within(section).getByRole('columnheader', { name: 'MQTT-käyttäjätunnus' })).toBeTruthy();
  });

  it('gives only the HTTP instructions when Olo uses an external MQTT broker', async () => {
    const dialog = await createChirpStackIntegration([]);
    expect(within(dialog).getByTestId('external-mqtt-broker').textContent).toBe(
      'Tämä Olo käyttää ulkoista MQTT-välittäjää, jonka sen ylläpitäjä on määrittänyt: näillä tunnuksilla lähetetään uplink-viestejä HTTP:n kautta.',
    );
    expect((within(dialog).getByTestId('integration-secret') as HTMLInputElement).value).toBe(secret);
    expect(within(dialog).queryByTestId('integration-mqtt-port')).toBeNull();
    expect(within(dialog).queryByTestId('integration-username')).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'MQTT-palvelin' })).toBeNull();
    const fields = within(dialog)
      .getAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).value);
    expect(fields).toContain(`${window.location.origin}/api/ingest/chirpstack`);
    expect(fields).toContain(`Authorization: Bearer ${secret}`);
    // MQTT usernames mean nothing to an external broker.
    expect(
      within(screen.getByTestId('integrations')).queryByRole('columnheader', { name: 'MQTT-käyttäjätunnus' }),
    ).toBeNull();
  });

  it('deletes an integration after confirming', async () => {
    const sent: Sent[] = [];
    renderOrganization(true, sent);
    const section = await screen.findByTestId('integrations');
    fireEvent.click(await within(section).findByRole('button', { name: 'Poista TTS Helsinki' }));
    await answerConfirm(true);
    await waitFor(() => expect(within(section).queryByTestId('integration-row')).toBeNull());
    expect(sent).toEqual([{ name: 'DeleteIntegration', variables: { id: 'a1' } }]);
  });
});
