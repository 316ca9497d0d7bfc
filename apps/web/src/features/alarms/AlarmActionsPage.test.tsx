// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { adminProject, member, shellOf } from '../project-edit/testProject.ts';

// Sending (mail, SMS, webhooks, retries) is the server's: apps/server and e2e/.

const alarmUuid = '00000000-0000-4000-8000-0000000000a1';
const villeId = '00000000-0000-4000-8000-0000000000b2';

function action(
  id: string,
  type: string,
  target: Partial<Record<string, unknown>>,
  state: Record<string, unknown> = {},
) {
  return {
    __typename: 'AlarmsAction',
    id,
    alarmId: alarmUuid,
    name: '',
    type,
    active: true,
    triggerAtEnd: false,
    email: null,
    sms: null,
    webhook: null,
    userId: null,
    user: null,
    secret: null,
    deliveryStatus: null,
    deliveryError: null,
    deliveryAt: null,
    ...target,
    ...state,
  };
}

const mailed = action(
  'x1',
  'email',
  { email: 'huolto@example.com' },
  { deliveryStatus: 'sent', deliveryAt: '2026-03-02T08:00:00.000Z' },
);
const hook = action(
  'x2',
  'webhook',
  { webhook: 'https://hooks.example.com/olo', secret: 'c2VjcmV0LWtleQ' },
  {
    deliveryStatus: 'failed',
    deliveryError: 'HTTP 500 from hooks.example.com',
    deliveryAt: '2026-03-02T08:05:00.000Z',
  },
);
const texted = action('x3', 'sms', { sms: '+358401234567' }, { triggerAtEnd: true });

function renderActions(answers: GraphqlAnswers) {
  const project = adminProject(7, 'Koulu', {
    privileges: ['view', 'viewAlarms', 'adminAlarms'],
    members: [member('m1', 'Maija Meikäläinen'), member('m2', 'Ville Valvoja', { canViewAlarms: true })],
  });
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      (variables: Record<string, unknown>) => {
        sent.push({ name, variables });
        return answer(variables);
      },
    ]),
  );
  renderApp({
    path: '/p/7/edit/actions',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: shellOf(project) } }),
      ProjectAdmin: () => ({ data: { projectAdmin: project } }),
      AlarmsActions: () => ({
        data: {
          alarmsActions: [mailed, hook, texted],
          alarms: [{ __typename: 'Alarm', id: alarmUuid, name: 'Ilmanlaatu' }],
          // The server offers only members who may see the alarms (Project.alarmRecipients).
          project: {
            __typename: 'Project',
            id: 7,
            alarmRecipients: [{ __typename: 'MemberUser', id: villeId, username: 'ville', name: 'Ville Valvoja' }],
          },
        },
      }),
      ...recorded,
    },
  });
  return { sent };
}

describe('alarm actions page', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it("shows each action's delivery state, and a test send's outcome", async () => {
    const { sent } = renderActions({
      TestAlarmsAction: ({ id }) => ({
        data: {
          testAlarmsAction: {
            ...mailed,
            id,
            deliveryStatus: 'retrying',
            deliveryError: 'Connection refused by smtp.example.com',
            deliveryAt: '2026-03-03T10:00:00.000Z',
          },
        },
      }),
    });
    const group = await screen.findByRole('region', { name: 'Ilmanlaatu' });
    const mail = within(group).getByRole('article', { name: 'Sähköposti: huolto@example.com' });
    expect(within(within(mail).getByTestId('delivery-state')).getByText('Lähetetty')).toBeTruthy();

    const webhook = within(group).getByRole('article', { name: 'Webhook-kutsu: https://hooks.example.com/olo' });
    const webhookState = within(webhook).getByTestId('delivery-state');
    expect(within(webhookState).getByText('Epäonnistui')).toBeTruthy();
    expect(within(webhookState).getByTestId('delivery-error').textContent).toBe('HTTP 500 from hooks.example.com');
    expect(within(webhook).getByTestId('webhook-secret').textContent).toBe('c2VjcmV0LWtleQ');
    expect(within(webhook).getByText(/X-Olo-Signature: sha256=<hex>/)).toBeTruthy();

    const sms = within(group).getByRole('article', { name: 'Tekstiviesti: +358401234567' });
    expect(within(sms).getByText('Mitään ei ole vielä lähetetty')).toBeTruthy();
    expect(within(sms).getByText('Myös päättyessä')).toBeTruthy();
    expect(within(sms).queryByTestId('webhook-secret')).toBeNull();

    fireEvent.click(within(mail).getByRole('button', { name: 'Lähetä testi: Sähköposti: huolto@example.com' }));
    await waitFor(() => expect(within(mail).getByText('Yritetään uudelleen')).toBeTruthy());
    expect(within(mail).getByTestId('delivery-error').textContent).toBe('Connection refused by smtp.example.com');
    expect(sent).toEqual([{ name: 'TestAlarmsAction', variables: { id: 'x1' } }]);
  });

  it('checks the target of a new action with the shared schema, in the user language', async () => {
    const { sent } = renderActions({
      CreateAlarmsAction: ({ input }) => ({
        data: { createAlarmsAction: action('x9', 'sms', { sms: (input as { sms: string }).sms }) },
      }),
    });
    const group = await screen.findByRole('region', { name: 'Ilmanlaatu' });
    fireEvent.click(within(group).getByRole('button', { name: 'Lisää toiminto' }));
    const form = await within(group).findByTestId('action-form');
    fireEvent.change(within(form).getByLabelText('Tyyppi'), { target: { value: 'sms' } });
    fireEvent.change(within(form).getByLabelText(/^Puhelinnumero/), { target: { value: 'soita minulle' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää toiminto' }));
    expect(await within(form).findByText('Virheellinen puhelinnumero')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^Puhelinnumero/), { target: { value: '+358 40 765 4321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää toiminto' }));
    await waitFor(() => expect(sent.map((item) => item.name)).toEqual(['CreateAlarmsAction']));
    expect(sent[0]?.variables).toEqual({
      input: {
        alarmId: alarmUuid,
        name: '',
        type: 'sms',
        active: true,
        triggerAtEnd: false,
        email: null,
        sms: '+358 40 765 4321',
        webhook: null,
        userId: null,
      },
    });
  });

  it("offers a user action only the members who may see the project's alarms", async () => {
    const { sent } = renderActions({
      CreateAlarmsAction: () => ({
        data: {
          createAlarmsAction: action('x8', 'user', {
            userId: villeId,
            user: { __typename: 'MemberUser', id: villeId, username: 'ville', name: 'Ville Valvoja', company: null },
          }),
        },
      }),
    });
    const group = await screen.findByRole('region', { name: 'Ilmanlaatu' });
    fireEvent.click(within(group).getByRole('button', { name: 'Lisää toiminto' }));
    const form = await within(group).findByTestId('action-form');
    fireEvent.change(within(form).getByLabelText('Tyyppi'), { target: { value: 'user' } });
    const input = within(form).getByRole('combobox', { name: /^Projektin jäsen/ });
    fireEvent.click(input);
    await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Ville Valvoja (ville)']);
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää toiminto' }));
    await waitFor(() => expect(sent.map((item) => item.name)).toEqual(['CreateAlarmsAction']));
    expect(sent[0]?.variables).toMatchObject({ input: { type: 'user', userId: villeId } });
  });
});
