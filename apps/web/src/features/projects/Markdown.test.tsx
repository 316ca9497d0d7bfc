// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../testing/renderApp.tsx';
import { Markdown } from './Markdown.tsx';

function renderMarkdown(content: string) {
  installDomPolyfills();
  const router = createMemoryRouter([{ path: '*', element: <Markdown content={content} /> }], {
    initialEntries: ['/p/1'],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const link = (name: string) => screen.getByRole('link', { name });

describe('Markdown links', () => {
  afterEach(cleanup);

  it('opens other sites in a new tab without telling them this page, paths of this site in the app', () => {
    const { origin, protocol } = window.location;
    renderMarkdown(
      [
        '[a](/\\evil.example/x)',
        '[b](\\\\evil.example)',
        '[c](//evil.example)',
        '[d](https://external.example/x)',
        '[e](/p/2/summary)',
        '[f](#anchor)',
        '[g](mailto:a@b.fi)',
        `[h](${origin}/p/3)`,
        '[i](JaVaScRiPt:alert(1))',
        '[j](data:text/html,x)',
      ].join('\n'),
    );
    for (const [name, href] of [
      ['a', `${protocol}//evil.example/x`],
      ['b', `${protocol}//evil.example/`],
      ['c', `${protocol}//evil.example/`],
      ['d', 'https://external.example/x'],
    ]) {
      expect(link(name as string).getAttribute('href')).toBe(href);
      expect(link(name as string).getAttribute('target')).toBe('_blank');
      expect(link(name as string).getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(link('e').getAttribute('href')).toBe('/p/2/summary');
    expect(link('h').getAttribute('href')).toBe('/p/3');
    expect(link('f').getAttribute('href')).toBe('#anchor');
    expect(link('g').getAttribute('href')).toBe('mailto:a@b.fi');
    for (const name of ['e', 'f', 'g', 'h']) expect(link(name).getAttribute('target')).toBeNull();
    expect(screen.queryByRole('link', { name: 'i' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'j' })).toBeNull();
  });
});
