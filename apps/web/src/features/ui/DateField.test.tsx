// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import type { Language } from '@olo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { typeInto } from '../../testing/dateFields.ts';
import { installDomPolyfills } from '../../testing/renderApp.tsx';
import { createTestI18n } from '../../testing/translations.ts';
import { DateField, DateTimeField } from './DateField.tsx';

function Form({ initial, withTime, seen }: { initial: string; withTime: boolean; seen: string[] }) {
  const [value, setValue] = useState(initial);
  const Field = withTime ? DateTimeField : DateField;
  const change = (next: string) => {
    seen.push(next);
    setValue(next);
  };
  return (
    <Field
      label="Alku"
      description="Projektin aikavyöhykkeellä"
      value={value}
      onChange={change}
      error={value ? undefined : 'Pakollinen tieto'}
    />
  );
}

function renderField(initial: string, withTime: boolean, language: Language = 'fi') {
  installDomPolyfills();
  const seen: string[] = [];
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MantineProvider>
        <Form initial={initial} withTime={withTime} seen={seen} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { seen, input: screen.getByLabelText('Alku') as HTMLInputElement };
}

describe('date fields', () => {
  afterEach(cleanup);

  it('shows the date as Finns write it and gives the form the native input string of what is typed', () => {
    const { seen, input } = renderField('2026-03-01T08:05', true);
    expect(input.value).toBe('1.3.2026 08:05');
    expect(screen.getByText('Projektin aikavyöhykkeellä')).toBeTruthy();
    typeInto(input, '15.4.2026 13.30');
    expect(seen.at(-1)).toBe('2026-04-15T13:30');
    expect(input.value).toBe('15.4.2026 13:30');
  });

  it('opens a calendar in the language that starts on Monday; a picked day keeps the time', async () => {
    const { seen, input } = renderField('2026-03-10T08:05', true);
    fireEvent.click(input);
    const month = await screen.findByText(/maaliskuu 2026/);
    const calendar = month.closest('[data-dates-dropdown]') as HTMLElement;
    const weekdays = [...calendar.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(weekdays[0]).toBe('ma');
    // Each day is a button named in full for screen readers (the dropdown's transition keeps it from jsdom's role query).
    const day = calendar.querySelector('button[aria-label="torstai 12. maaliskuuta 2026"]') as HTMLElement;
    expect(day.textContent).toBe('12');
    fireEvent.click(day);
    expect(seen.at(-1)).toBe('2026-03-12T08:05');
    expect(input.value).toBe('12.3.2026 08:05');
    expect(calendar.querySelector('button[aria-label="Seuraava kuukausi"]')).toBeTruthy();
  });

  it('is emptied with its labelled clear button, and then shows the error linked to the field', () => {
    const { seen, input } = renderField('2026-03-01', false, 'sv');
    expect(input.value).toBe('2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Töm' }));
    expect(seen.at(-1)).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').some((id) => document.getElementById(id)?.textContent === 'Pakollinen tieto')).toBe(
      true,
    );
  });
});
