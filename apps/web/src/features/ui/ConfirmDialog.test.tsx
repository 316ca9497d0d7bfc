// @vitest-environment jsdom

import { Button, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { installDomPolyfills } from '../../testing/renderApp.tsx';
import { createTestI18n } from '../../testing/translations.ts';
import { ConfirmProvider, type ConfirmRequest, useConfirm } from './ConfirmDialog.tsx';

function Asker({ request, answers }: { request: ConfirmRequest | string; answers: boolean[] }) {
  const ask = useConfirm();
  return <Button onClick={() => void ask(request).then((answer) => answers.push(answer))}>Kysy</Button>;
}

function renderAsker(request: ConfirmRequest | string, language: 'fi' | 'sv' = 'fi') {
  installDomPolyfills();
  const answers: boolean[] = [];
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MantineProvider>
        <ConfirmProvider>
          <Asker request={request} answers={answers} />
        </ConfirmProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return answers;
}

describe('confirmation dialog', () => {
  afterEach(cleanup);

  it('asks in a dialog of the app, in its language, and answers yes only to the confirming button', async () => {
    const answers = renderAsker('Poistetaanko raja S2?');
    fireEvent.click(screen.getByRole('button', { name: 'Kysy' }));
    expect(await answerConfirm(false)).toBe('Poistetaanko raja S2?');
    fireEvent.click(screen.getByRole('button', { name: 'Kysy' }));
    expect(await answerConfirm(true)).toBe('Poistetaanko raja S2?');
    expect(answers).toEqual([false, true]);
  });

  it('answers no when the dialog is closed with Escape', async () => {
    const answers = renderAsker('Lähdetäänkö?');
    fireEvent.click(screen.getByRole('button', { name: 'Kysy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oletko varma?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(answers).toEqual([false]));
  });

  it('names a destructive action on its red button', async () => {
    renderAsker({ message: 'Raderas organisationen?', confirmLabel: 'Radera', destructive: true }, 'sv');
    fireEvent.click(screen.getByRole('button', { name: 'Kysy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Är du säker?' });
    expect(within(dialog).getByRole('button', { name: 'Radera' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Avbryt' })).toBeTruthy();
  });
});
