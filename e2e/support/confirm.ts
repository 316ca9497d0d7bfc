import { expect, type Page } from '@playwright/test';
import { type Language, tr } from './translations.ts';

/** Answers the app's confirmation dialog (a Mantine modal, not the browser's); returns the question it asked. */
export async function answerConfirm(page: Page, confirmed: boolean, language: Language = 'fi'): Promise<string> {
  const dialog = page.getByRole('dialog', { name: tr(language, 'Are you sure?') });
  await expect(dialog).toBeVisible();
  const question = (await dialog.getByTestId('confirm-question').textContent()) ?? '';
  await dialog.getByRole('button', { name: tr(language, confirmed ? 'Confirm' : 'Cancel') }).click();
  await expect(dialog).toHaveCount(0);
  return question;
}
