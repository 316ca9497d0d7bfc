// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../config.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';
import { SiteBrand } from './SiteBrand.tsx';

// The configuration the server writes into index.html, there before the app's modules read it.
vi.hoisted(() => {
  window.__OLO_CONFIG__ = { siteName: 'Kosteusvahti', siteLogoUrl: '/site-logo?v=0123456789ab' };
});

describe('site header', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it('shows the configured name and logo, the logo named by the site name', async () => {
    renderApp({ path: '/home', graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) } });
    const brand = await screen.findByTestId('site-brand');
    expect(brand.textContent).toBe('Kosteusvahti');
    expect(brand.getAttribute('href')).toBe('/home');
    const logo = within(brand).getByRole('img', { name: 'Kosteusvahti' });
    expect(logo.getAttribute('src')).toBe('/site-logo?v=0123456789ab');
    expect(screen.getByRole('link', { name: 'Kosteusvahti' })).toBe(brand);
  });

  it('reads only a logo on this site, and draws the Olo mark without one', () => {
    expect(readConfig({ siteLogoUrl: 'https://example.com/logo.png' }).siteLogoUrl).toBeNull();
    expect(readConfig({ siteLogoUrl: '//example.com/logo.png' }).siteLogoUrl).toBeNull();
    expect(readConfig({}).siteLogoUrl).toBeNull();
    expect(readConfig({ siteLogoUrl: '/site-logo?v=1' }).siteLogoUrl).toBe('/site-logo?v=1');
  });

  it('shows the Olo mark when no logo is configured', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <SiteBrand to="/" config={readConfig({ siteName: 'Olo' })} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByTestId('olo-mark').getAttribute('aria-label')).toBe('Olo');
    expect(screen.getByRole('link', { name: 'Olo' }).getAttribute('href')).toBe('/');
  });
});
