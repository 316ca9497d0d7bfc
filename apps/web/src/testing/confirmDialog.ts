import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Answers the app's confirmation dialog (features/ui/ConfirmDialog.tsx) in Finnish, the tests' language; returns the
 * question it asked.
 */
export async function answerConfirm(confirmed: boolean): Promise<string> {
  const dialog = await screen.findByRole('dialog', { name: 'Oletko varma?' });
  const question = within(dialog).getByTestId('confirm-question').textContent ?? '';
  fireEvent.click(within(dialog).getByRole('button', { name: confirmed ? 'Vahvista' : 'Peruuta' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oletko varma?' })).toBeNull());
  return question;
}
