// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, installDomPolyfills, renderApp } from '../../testing/renderApp.tsx';
import en from '../i18n/locales/en.json';
import { missingTranslationsStorageKey } from '../i18n/missingTranslations.ts';
import { Notifications } from '../notifications/Notifications.tsx';

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

const override = (language: string, key: string, text: string) => ({
  __typename: 'TranslationOverride',
  language,
  key,
  text,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

/** Answers as the server would: a set override is listed, a removed one is not. */
function answers(sent: Sent[]): GraphqlAnswers {
  let overrides = [override('sv', 'Save', 'Spara nu')];
  return {
    CurrentUser: () => ({ data: { currentUser: signedInUser({ isAdmin: true }) } }),
    TranslationOverrides: () => ({ data: { translationOverrides: overrides } }),
    SetTranslationOverride: (variables) => {
      sent.push({ name: 'SetTranslationOverride', variables });
      const set = override(String(variables.language), String(variables.key), String(variables.text));
      overrides = [...overrides.filter((one) => one.key !== set.key || one.language !== set.language), set];
      return { data: { setTranslationOverride: set } };
    },
    RemoveTranslationOverride: (variables) => {
      sent.push({ name: 'RemoveTranslationOverride', variables });
      overrides = overrides.filter((one) => one.key !== variables.key || one.language !== variables.language);
      return { data: { removeTranslationOverride: true } };
    },
  };
}

function renderTranslations(sent: Sent[]) {
  installDomPolyfills();
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
  return renderApp({ path: '/admin/translations', graphql: answers(sent) });
}

async function search(text: string) {
  fireEvent.change(await screen.findByRole('searchbox', { name: 'Haku' }), { target: { value: text } });
}

configure({ asyncUtilTimeout: 5000 });

describe('/admin/translations', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    toast.dismiss();
    await cleanupApp();
  });

  it('is for site admins only', async () => {
    const { operations } = renderApp({
      path: '/admin/translations',
      graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) },
    });
    expect(await screen.findByText('Sinulla ei ole oikeutta tälle sivulle.')).toBeTruthy();
    expect(operations).not.toContain('TranslationOverrides');
  });

  it('shows every key with its three texts side by side, the overridden one marked, a page at a time', async () => {
    renderTranslations([]);
    const status = await screen.findByTestId('translations-status');
    const keys = Object.keys(en).length.toLocaleString('fi');
    expect(status.textContent).toContain(`${keys} tekstiä, 1 korvattu, 0 puuttuu jostain kielestä.`);
    expect(screen.getAllByTestId('translation-row')).toHaveLength(25);

    await search('spara nu');
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    const row = screen.getByTestId('translation-row');
    expect(within(row).getByTestId('translation-fi').textContent).toContain('Tallenna');
    const swedish = within(row).getByTestId('translation-sv');
    expect(swedish.textContent).toContain('Spara nu');
    expect(within(swedish).getByText('Korvattu')).toBeTruthy();
    expect(within(swedish).getByText('Spara nu').getAttribute('lang')).toBe('sv');
    expect(within(row).getByTestId('translation-en').textContent).toContain('Save');
  });

  it('lists the keys this browser recorded missing and clears them', async () => {
    localStorage.setItem(
      missingTranslationsStorageKey,
      JSON.stringify({ sv: { 'Not in the app': 'Not in the app' }, fi: { Save: 'Save' } }),
    );
    renderTranslations([]);
    expect((await screen.findByTestId('translations-status')).textContent).toContain(
      'Tämä selain on kirjannut 2 puuttuvaa.',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Näytä' }), { target: { value: 'recorded' } });
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(2));
    const [notInApp] = screen.getAllByTestId('translation-row');
    expect(within(notInApp as HTMLElement).getAllByText('Ei tekstiä')).toHaveLength(3);
    // Only the code can add it: the server takes shipped keys only.
    expect(within(notInApp as HTMLElement).getByText('Ei ole sovelluksen teksti')).toBeTruthy();
    expect(within(notInApp as HTMLElement).queryByRole('button', { name: /^Muokkaa/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Tyhjennä puuttuviksi kirjatut avaimet' }));
    await waitFor(() => expect(screen.queryAllByTestId('translation-row')).toHaveLength(0));
    expect(localStorage.getItem(missingTranslationsStorageKey)).toBeNull();
  });

  it('overrides a text in one language, refuses an empty one, and restores the shipped text', async () => {
    const sent: Sent[] = [];
    const { i18n } = renderTranslations(sent);
    await search('Peruuta');
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Muokkaa tekstiä "Cancel" kielellä Suomi' }));

    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByRole('textbox', { name: /^Näytettävä teksti/ });
    expect((text as HTMLTextAreaElement).value).toBe('Peruuta');
    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    expect(await within(dialog).findByText('Pakollinen tieto')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(text, { target: { value: 'Peru' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { name: 'SetTranslationOverride', variables: { language: 'fi', key: 'Cancel', text: 'Peru' } },
    ]);
    // This tab shows it at once; everyone else at their next load.
    expect(i18n.t('Cancel')).toBe('Peru');
    const finnish = await screen.findByTestId('translation-fi');
    await within(finnish).findByText('Korvattu');

    fireEvent.click(screen.getByRole('button', { name: 'Muokkaa tekstiä "Cancel" kielellä Suomi' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Palauta alkuperäinen teksti' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toEqual({ name: 'RemoveTranslationOverride', variables: { language: 'fi', key: 'Cancel' } });
    expect(i18n.t('Cancel')).toBe('Peruuta');
    await waitFor(() => expect(within(screen.getByTestId('translation-fi')).queryByText('Korvattu')).toBeNull());
  });
});
