import { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@olo/shared';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUserFields } from '../features/auth/auth.documents.ts';
import { CurrentUserDocument, CurrentUserUpdatedDocument } from '../features/auth/auth.documents.ts';
import { createI18n, storeChosenLanguage } from '../features/i18n/i18n.ts';
import { routes } from '../routes.tsx';

/** jsdom lacks the browser APIs that Mantine and the scrolling code use. */
export function installDomPolyfills(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  window.scrollTo = () => {};
}

export const testUser: CurrentUserFields = {
  __typename: 'User',
  id: '6f1c2a52-5d7e-4a44-9c61-1f4b8a3c2d10',
  username: 'anna',
  name: 'Anna Aalto',
  company: null,
  avatarUrl: null,
  isAdmin: false,
  isVerified: true,
  hasPassword: true,
  language: 'fi',
  createdAt: '2026-01-01T00:00:00.000Z',
  notifyOnMeterError: false,
  emails: [
    {
      __typename: 'UserEmail',
      id: 'b7c4d9e2-3a1f-4e5b-8c6d-7e8f9a0b1c2d',
      email: 'anna@example.com',
      isVerified: true,
      isPrimary: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  authentications: [],
  options: { __typename: 'UserOptions', ui: {} },
};

export function currentUserMock(user: CurrentUserFields | null): MockLink.MockedResponse {
  return {
    request: { query: CurrentUserDocument },
    result: { data: { currentUser: user } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function currentUserUpdatedMock(user: CurrentUserFields | null): MockLink.MockedResponse {
  return {
    request: { query: CurrentUserUpdatedDocument },
    result: { data: { currentUserUpdated: user } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

interface RenderAppOptions {
  path: string;
  user?: CurrentUserFields | null;
  mocks?: MockLink.MockedResponse[];
  language?: Language;
}

/** Renders the real route table at `path` with mocked GraphQL. */
export function renderApp({ path, user = null, mocks = [], language = 'fi' }: RenderAppOptions) {
  installDomPolyfills();
  // Without a signed-in user the interface follows the language chosen on the page.
  storeChosenLanguage(language);
  const i18n = createI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider
        mocks={[currentUserMock(user), currentUserUpdatedMock(user), ...mocks]}
        cache={new InMemoryCache()}
      >
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>
      </MockedProvider>
    </I18nextProvider>,
  );
  return { ...view, router, i18n };
}
