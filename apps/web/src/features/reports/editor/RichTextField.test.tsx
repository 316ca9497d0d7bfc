// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { type RichTextNode, richTextDocSchema } from '@olo/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../../testing/renderApp.tsx';
import { createTestI18n } from '../../../testing/translations.ts';
import { RichTextField, safeRichTextDoc } from './RichTextField.tsx';

const intro: RichTextNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Sisäilma' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Katso ' },
        { type: 'text', text: 'ohje', marks: [{ type: 'link', attrs: { href: 'https://example.com/ohje' } }] },
        { type: 'text', text: ' ja ' },
        { type: 'text', text: 'tämä', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
      ],
    },
  ],
};

function Field({ initial, seen }: { initial: RichTextNode; seen: RichTextNode[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextField
        label="Johdanto"
        value={value}
        onChange={(doc) => {
          seen.push(doc);
          setValue(doc);
        }}
      />
      <button
        type="button"
        onClick={() =>
          setValue({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Toinen' }] }] })
        }
      >
        Vaihda
      </button>
    </>
  );
}

function renderField(initial: RichTextNode) {
  installDomPolyfills();
  const seen: RichTextNode[] = [];
  render(
    <I18nextProvider i18n={createTestI18n('fi')}>
      <MantineProvider>
        <Field initial={initial} seen={seen} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { seen, box: screen.getByRole('textbox', { name: 'Johdanto' }) };
}

function links(doc: RichTextNode): string[] {
  const own = (doc.marks ?? []).flatMap((mark) => (mark.type === 'link' ? [String(mark.attrs?.href)] : []));
  return [...own, ...(doc.content ?? []).flatMap(links)];
}

describe('rich text field', () => {
  afterEach(cleanup);

  it('shows the document under its label with a toolbar in the user language', () => {
    const { box } = renderField(intro);
    expect(box.querySelector('h2')?.textContent).toBe('Sisäilma');
    expect(screen.getByRole('button', { name: 'Lihavointi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lisää taulukko' })).toBeTruthy();
  });

  it('gives every edit as TipTap JSON the report schema accepts, with an unsafe link dropped', async () => {
    const { seen, box } = renderField(intro);
    // A javascript: link never reaches the page as a link.
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContain('javascript:alert(1)');
    act(() => {
      fireEvent.focus(box);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Luettelo' }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const doc = seen.at(-1) as RichTextNode;
    expect(JSON.stringify(doc)).toContain('"bulletList"');
    expect(links(doc)).toEqual(['https://example.com/ohje']);
    expect(richTextDocSchema.safeParse(doc).success).toBe(true);
  });

  it('shows a value changed from outside without reporting it back as an edit', async () => {
    const { seen, box } = renderField(intro);
    fireEvent.click(screen.getByRole('button', { name: 'Vaihda' }));
    await waitFor(() => expect(box.textContent).toBe('Toinen'));
    expect(seen).toEqual([]);
  });

  it('removes links of other schemes from a document, keeping their text', () => {
    const safe = safeRichTextDoc(intro);
    expect(links(safe)).toEqual(['https://example.com/ohje']);
    expect(JSON.stringify(safe)).toContain('"tämä"');
  });
});
