// @vitest-environment jsdom

import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

const publicId = '00000000-0000-4000-8000-00000000de01';

function publicProject(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'PublicProject',
    id: 1,
    publicId,
    name: 'Koulun sisäilma',
    description: 'Mittaukset luokissa.',
    code: 'DEMO-1',
    startAt: '2026-01-10T08:00:00.000Z',
    endAt: null,
    ended: false,
    timeZone: 'Europe/Helsinki',
    showLive: false,
    picture: null,
    pages: [],
    spaces: [],
    ...overrides,
  };
}

describe('public project view', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('tells a signed-out visitor that a turned-off link does not work', async () => {
    const { router } = renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }),
      },
    });
    const message = await screen.findByTestId('public-link-invalid');
    expect(message.textContent).toContain('Tämä julkinen linkki ei toimi. Se on ehkä poistettu käytöstä.');
    expect(router.state.location.pathname).toBe(`/project/${publicId}`);
    expect(screen.queryByTestId('public-project')).toBeNull();
  });

  it('shows the project, its end and its summary pages as text, never as markup', async () => {
    renderApp({
      path: `/project/${publicId}`,
      language: 'en',
      graphql: {
        PublicProject: () => ({
          data: {
            projectByPublicId: publicProject({
              ended: true,
              showLive: true,
              spaces: [{ __typename: 'Space', id: 3, name: 'Luokka 101', description: null }],
              pages: [
                {
                  __typename: 'ProjectPage',
                  id: 5,
                  name: 'Tulokset',
                  order: 1,
                  content:
                    '## Yhteenveto\n\nIlma oli **hyvää**.\n\n<img src=x onerror=alert(1)>\n\n[klikkaa](javascript:alert(1))',
                },
              ],
            }),
          },
        }),
      },
    });
    const view = await screen.findByTestId('public-project');
    expect(screen.getByRole('heading', { level: 1, name: 'Koulun sisäilma' })).toBeTruthy();
    expect(screen.getByText('Project measurement ended.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tulokset' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Yhteenveto' })).toBeTruthy();
    expect(screen.getByText('hyvää').tagName).toBe('STRONG');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(view.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'klikkaa' })).toBeNull();
    expect(screen.getByText('Luokka 101')).toBeTruthy();
  });
});
