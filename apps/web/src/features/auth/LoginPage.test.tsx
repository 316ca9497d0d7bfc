// @vitest-environment jsdom

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

// What the server answers (wrong password, duplicate username, the way back to a deep link) is tested in the
// browser against the real server: e2e/accounts.spec.ts.

/** Required fields have an asterisk after the label text. */
function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}`));
}

describe('login form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows translated validation errors next to the fields, without asking the server', async () => {
    const { operations } = renderApp({ path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Kirjaudu sisään' }));
    const username = field('Käyttäjätunnus');
    const password = field('Salasana');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Pakollinen tieto')).toHaveLength(2);
    expect(operations).not.toContain('Login');
  });

  it('shows the errors in the language chosen on the page', async () => {
    const { operations } = renderApp({ path: '/login', language: 'sv' });
    fireEvent.click(await screen.findByRole('button', { name: 'Logga in' }));
    expect(await screen.findAllByText('Obligatorisk uppgift')).toHaveLength(2);
    expect(field('Användarnamn').getAttribute('aria-invalid')).toBe('true');
    expect(operations).not.toContain('Login');
  });
});
