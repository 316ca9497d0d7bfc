// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HelpDocumentFieldsFragment } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { documentAtPath, helpHref, helpKey } from './helpLinks.ts';

function helpDocument(id: number, overrides: Partial<HelpDocumentFieldsFragment> = {}) {
  return {
    __typename: 'Document',
    id,
    name: `Document ${id}`,
    path: null,
    order: id,
    language: 'fi' as HelpDocumentFieldsFragment['language'],
    published: true,
    organizationId: null,
    projectId: null,
    canEdit: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    content: '',
    ...overrides,
  };
}

const gettingStarted = {
  fi: helpDocument(1, {
    name: 'Aloittaminen',
    path: 'getting-started',
    content: '## Ensimmäiset askeleet\n\nLuo **organisaatio**.',
  }),
  sv: helpDocument(2, {
    name: 'Kom igång',
    path: 'getting-started',
    language: 'sv',
    content: 'Skapa en organisation.',
  }),
};

function answers(user = signedInUser(), documents = [gettingStarted.fi]): GraphqlAnswers {
  return {
    CurrentUser: () => ({ data: { currentUser: user } }),
    CurrentUserUpdated: () => new Subject(),
    HelpDocuments: () => ({ data: { documents } }),
    HelpDocument: ({ id }) => ({ data: { document: [gettingStarted.fi, gettingStarted.sv].find((d) => d.id === id) } }),
    HelpWritePlaces: () => ({ data: { organizations: [], projects: [] } }),
  };
}

describe('help addresses', () => {
  const listed = [
    helpDocument(1, { path: 'alarms', language: null }),
    helpDocument(2, { path: 'alarms', language: 'sv' }),
    helpDocument(3, { path: 'alarms', language: null, organizationId: 'o1' }),
    helpDocument(4, { path: 'exports', language: 'sv' }),
  ];

  it('reads a number as an id and anything else as a path', () => {
    expect(helpKey('12')).toEqual({ id: 12 });
    expect(helpKey('Getting-Started')).toEqual({ path: 'getting-started' });
  });

  it("opens the nearest owner's document, in the reader's language before one for every language", () => {
    expect(documentAtPath('alarms', listed, 'sv')?.id).toBe(3);
    expect(documentAtPath('alarms', listed.slice(0, 2), 'sv')?.id).toBe(2);
    expect(documentAtPath('alarms', listed.slice(0, 2), 'fi')?.id).toBe(1);
    expect(documentAtPath('nothing', listed, 'fi')).toBeUndefined();
  });

  it('links by path only where the path leads to the document', () => {
    expect(helpHref(listed[2] as HelpDocumentFieldsFragment, listed, 'sv')).toBe('/help/alarms');
    expect(helpHref(listed[0] as HelpDocumentFieldsFragment, listed, 'sv')).toBe('/help/1');
    expect(helpHref(listed[3] as HelpDocumentFieldsFragment, listed, 'sv')).toBe('/help/exports');
    expect(helpHref(helpDocument(5), listed, 'sv')).toBe('/help/5');
  });
});

describe('help pages', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('lists the documents by path, without "New help document" for a reader who writes none', async () => {
    renderApp({ path: '/help', graphql: answers() });
    const link = await screen.findByRole('link', { name: 'Aloittaminen' });
    expect(link.getAttribute('href')).toBe('/help/getting-started');
    expect(screen.getByRole('heading', { level: 1, name: 'Ohjeet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uusi ohje' })).toBeNull();
  });

  it("opens a path in the reader's language and renders its Markdown", async () => {
    renderApp({
      path: '/help/getting-started',
      language: 'sv',
      graphql: answers(signedInUser({ language: 'sv' }), [gettingStarted.fi, gettingStarted.sv]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kom igång' })).toBeTruthy();
    expect(within(screen.getByTestId('help-document')).getByText('Skapa en organisation.')).toBeTruthy();
  });

  it('offers a site admin the editor, whose preview draws the Markdown as readers see it', async () => {
    renderApp({ path: '/help', graphql: answers(signedInUser({ isAdmin: true })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Uusi ohje' }));
    const editor = await screen.findByTestId('help-editor');
    fireEvent.change(within(editor).getByLabelText(/Sisältö/), {
      target: { value: '## Mittarit\n\nLisää **mittari**.' },
    });
    fireEvent.click(within(editor).getByRole('tab', { name: 'Esikatselu' }));
    const preview = await screen.findByTestId('help-preview');
    await waitFor(() => expect(within(preview).getByRole('heading', { level: 2, name: 'Mittarit' })).toBeTruthy());
    expect(within(preview).getByText('mittari').tagName).toBe('STRONG');
  });
});
