// @vitest-environment jsdom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testUser } from '../../testing/renderApp.tsx';
import { CurrentUserDocument, LoginDocument, RegisterDocument } from './auth.documents.ts';

// The progress bar animates with timers that would outlive the test's DOM.
vi.mock('nprogress', () => ({ default: { configure: () => {}, start: () => {}, done: () => {} } }));

/** Required fields have an asterisk after the label text. */
function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}`));
}

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

describe('login form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows translated validation errors next to the fields', async () => {
    renderApp({ path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Kirjaudu sisään' }));
    const username = field('Käyttäjätunnus');
    const password = field('Salasana');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Pakollinen tieto')).toHaveLength(2);
  });

  it('shows the errors in the language chosen on the page', async () => {
    renderApp({ path: '/login', language: 'sv' });
    fireEvent.click(await screen.findByRole('button', { name: 'Logga in' }));
    expect(await screen.findAllByText('Obligatorisk uppgift')).toHaveLength(2);
  });

  it('shows server field issues and other server errors translated', async () => {
    renderApp({
      path: '/login',
      mocks: [
        {
          request: { query: LoginDocument, variables: { username: 'anna', password: 'wrong-password' } },
          result: {
            errors: [new GraphQLError('Invalid username or password', { extensions: { code: 'INVALID_CREDENTIALS' } })],
          },
        },
        {
          request: { query: LoginDocument, variables: { username: 'anna', password: 'x' } },
          result: {
            errors: [
              new GraphQLError('Invalid input', {
                extensions: { code: 'BAD_USER_INPUT', issues: [{ path: ['password'], message: 'Too short' }] },
              }),
            ],
          },
        },
      ],
    });
    fill('Käyttäjätunnus', ' anna ');
    fill('Salasana', 'wrong-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Kirjaudu sisään' }));
    expect(await screen.findByText('Väärä käyttäjätunnus tai salasana')).toBeTruthy();

    fill('Salasana', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));
    expect(await screen.findByText('Liian lyhyt')).toBeTruthy();
    expect(field('Salasana').getAttribute('aria-invalid')).toBe('true');
  });

  it('returns to the original page after login', async () => {
    const { router } = renderApp({
      path: `/login?redirectFrom=${encodeURIComponent('/p/12/live?x=1#space')}`,
      mocks: [
        {
          request: { query: LoginDocument, variables: { username: 'anna', password: 'correct horse' } },
          result: { data: { login: testUser } },
        },
        {
          request: { query: CurrentUserDocument },
          result: { data: { currentUser: testUser } },
        },
      ],
    });
    fill('Käyttäjätunnus', 'anna');
    fill('Salasana', 'correct horse');
    fireEvent.click(await screen.findByRole('button', { name: 'Kirjaudu sisään' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/12/live'));
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.location.hash).toBe('#space');
  });
});

describe('registration form', () => {
  afterEach(cleanup);

  it('shows a duplicate username next to the username field', async () => {
    renderApp({
      path: '/register',
      mocks: [
        {
          request: {
            query: RegisterDocument,
            variables: {
              username: 'anna',
              password: 'long enough',
              email: 'anna@example.com',
              name: null,
              company: null,
              language: 'fi',
            },
          },
          result: {
            errors: [
              new GraphQLError('Duplicate value for users_username unique constraint', {
                extensions: { code: 'CONFLICT' },
              }),
            ],
          },
        },
      ],
    });
    fill('Käyttäjätunnus', 'anna');
    fill('Salasana', 'long enough');
    fill('Sähköposti', 'Anna@Example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Rekisteröidy' }));
    expect(await screen.findByText('Käyttäjätunnus on jo käytössä')).toBeTruthy();
    expect(field('Käyttäjätunnus').getAttribute('aria-invalid')).toBe('true');
  });
});
