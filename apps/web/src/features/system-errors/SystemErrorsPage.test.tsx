// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

function systemError(id: number, name: string, data: unknown = null, computer: unknown = null) {
  return {
    __typename: 'SystemError',
    id,
    time: '2026-03-01T10:00:00.000Z',
    name,
    type: 'ingest',
    data,
    acknowledged: false,
    meterId: null,
    computer,
  };
}

const unknownMeter = systemError(
  1,
  'Unknown meter 70b3d57ed0000009',
  { serial: '70b3d57ed0000009', provider: 'tts' },
  { __typename: 'Computer', id: 1, name: 'ingest-a', hostname: 'olo-1.example.com' },
);
const badUplink = systemError(2, 'Malformed uplink');

function renderErrors(isAdmin: boolean) {
  const acknowledged: number[] = [];
  const view = renderApp({
    path: '/errors',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser({ isAdmin }) } }),
      SystemErrors: () => ({ data: { systemErrors: [unknownMeter, badUplink] } }),
      AcknowledgeSystemError: ({ id }) => {
        acknowledged.push(id as number);
        const item = [unknownMeter, badUplink].find((entry) => entry.id === id);
        return { data: { acknowledgeSystemError: { ...item, acknowledged: true } } };
      },
    },
  });
  return { ...view, acknowledged };
}

configure({ asyncUtilTimeout: 5000 });

describe('system errors', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.restoreAllMocks();
    await cleanupApp();
  });

  it("tells a user who is not a site admin whose errors these are and where their meters' are, without asking", async () => {
    const { operations } = renderErrors(false);
    const note = await screen.findByTestId('system-errors-admins-only');
    expect(within(note).getByRole('link', { name: 'Mittarit' }).getAttribute('href')).toBe('/meters');
    expect(screen.queryByTestId('permission-denied')).toBeNull();
    expect(operations).not.toContain('SystemErrors');
  });

  it('lists the errors with their data folded away, and an acknowledged one leaves the list', async () => {
    const { acknowledged } = renderErrors(true);
    const list = await screen.findByTestId('system-errors');
    await waitFor(() => expect(within(list).getAllByTestId('system-error')).toHaveLength(2));
    const first = within(list).getByRole('article', { name: unknownMeter.name });
    // The instance that recorded it, when known.
    expect(within(first).getByText(/ingest · Kirjannut ingest-a \(olo-1\.example\.com\)/)).toBeTruthy();
    const show = within(first).getByRole('button', { name: 'Näytä tiedot' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(within(first).getByRole('button', { name: 'Piilota tiedot' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByText(/"serial": "70b3d57ed0000009"/)).toBeTruthy();
    // An error without data has nothing to unfold.
    const second = within(list).getByRole('article', { name: badUplink.name });
    expect(within(second).queryByText(/Kirjannut/)).toBeNull();
    expect(within(second).queryByRole('button', { name: 'Näytä tiedot' })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: `Kuittaa ${unknownMeter.name}` }));
    await waitFor(() => expect(within(list).getAllByTestId('system-error')).toHaveLength(1));
    expect(acknowledged).toEqual([1]);
    expect(within(list).getByText('Kuittaamattomia virheitä: 1')).toBeTruthy();
  });

  it('acknowledges all after confirming', async () => {
    const { acknowledged } = renderErrors(true);
    const list = await screen.findByTestId('system-errors');
    fireEvent.click(await within(list).findByRole('button', { name: 'Kuittaa kaikki' }));
    expect(await answerConfirm(true)).toBe('Kuitataanko kaikki virheet (2)?');
    expect(await screen.findByTestId('system-errors-empty')).toBeTruthy();
    expect(acknowledged).toEqual([1, 2]);
  });
});
