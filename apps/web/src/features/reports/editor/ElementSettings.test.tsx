// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { type ReportElement, reportElementSchema } from '@olo/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../../testing/renderApp.tsx';
import { createTestI18n } from '../../../testing/translations.ts';
import { memberReportSources } from '../document/reportModel.ts';
import { testReportContext } from '../document/testReportScope.ts';
import { ElementSettings } from './ElementSettings.tsx';

const context = testReportContext();

function Settings({
  initial,
  seen,
  insideRepeat,
}: {
  initial: ReportElement;
  seen: ReportElement[];
  insideRepeat: boolean;
}) {
  const [element, setElement] = useState(initial);
  return (
    <ElementSettings
      element={element}
      context={context}
      sources={memberReportSources}
      dataslots={[
        {
          id: 'school',
          name: 'Kouluaika',
          range: { kind: 'fixed', from: '2026-03-01T00:00:00+02:00', to: '2026-03-31T00:00:00+03:00' },
          filters: [],
          nulls: false,
          mode: 'avg',
          slot: 3600,
        },
      ]}
      insideRepeat={insideRepeat}
      onChange={(next) => {
        seen.push(next);
        setElement(next);
      }}
    />
  );
}

function renderSettings(element: unknown, insideRepeat = false) {
  installDomPolyfills();
  const seen: ReportElement[] = [];
  render(
    <I18nextProvider i18n={createTestI18n('fi')}>
      <MantineProvider>
        <Settings initial={reportElementSchema.parse(element)} seen={seen} insideRepeat={insideRepeat} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return seen;
}

// Mantine hides dropdowns that jsdom, which lays nothing out, reports off screen; a browser shows them.
const hidden = true;

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  // Other selects list the same options: take the one this input opened.
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden }));
}

describe('element settings', () => {
  afterEach(cleanup);

  it('chooses a graph’s series by space and measurement, inside a repeat the repeated space, and a data slot', async () => {
    const seen = renderSettings({ id: 'g', kind: 'graph' }, true);
    fireEvent.click(screen.getByRole('button', { name: 'Lisää sarja' }));
    // Inside a repeating container a new choice means the repeated space.
    expect(seen.at(-1)).toMatchObject({ series: [{ space: { kind: 'current' }, dataType: null }] });
    const [space] = context.spaces;
    if (!space) throw new Error('no space in the test context');
    await choose('Tila', space.name);
    expect(seen.at(-1)).toMatchObject({ series: [{ space: { kind: 'space', id: space.id, name: space.name } }] });
    await choose('Aikaväli', 'Kouluaika');
    expect(seen.at(-1)).toMatchObject({ data: { dataslotId: 'school' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Näytä raja-arvot' }));
    expect(seen.at(-1)).toMatchObject({ showLimits: false });
    const last = seen.at(-1);
    expect(reportElementSchema.safeParse(last).success).toBe(true);
  });

  it('pins a space on an image tour’s image from the keyboard, with its position in percent', async () => {
    const seen = renderSettings({
      id: 't',
      kind: 'imageTour',
      images: [{ attachmentId: '00000000-0000-4000-8000-000000000001', caption: 'Pohjapiirros', pins: [] }],
    });
    const image = screen.getByTestId('image-tour-image');
    fireEvent.click(within(image).getByRole('button', { name: 'Lisää merkki' }));
    expect(seen.at(-1)).toMatchObject({ images: [{ pins: [{ x: 0.5, y: 0.5 }] }] });
    fireEvent.change(within(image).getByRole('textbox', { name: 'Vasemmalta, %' }), { target: { value: '25' } });
    fireEvent.blur(within(image).getByRole('textbox', { name: 'Vasemmalta, %' }));
    const pin = (seen.at(-1) as Extract<ReportElement, { kind: 'imageTour' }>).images[0]?.pins[0];
    expect(pin?.x).toBeCloseTo(0.25);
    expect(within(image).getByRole('img', { name: 'Pohjapiirros' }).getAttribute('src')).toBe(
      '/api/attachments/00000000-0000-4000-8000-000000000001',
    );
    fireEvent.click(within(image).getByRole('button', { name: 'Poista merkki 1' }));
    expect(seen.at(-1)).toMatchObject({ images: [{ pins: [] }] });
  });

  it('inserts a variable at the cursor of a text', async () => {
    const seen = renderSettings({ id: 'x', kind: 'text', text: 'Raportti ' });
    const text = screen.getByRole('textbox', { name: 'Teksti' }) as HTMLTextAreaElement;
    text.setSelectionRange(9, 9);
    fireEvent.click(screen.getByRole('button', { name: 'Lisää muuttuja' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Projektin nimi/, hidden }));
    expect(seen.at(-1)).toMatchObject({ text: 'Raportti {project.name}' });
  });
});
