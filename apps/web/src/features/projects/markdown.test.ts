import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeUrl } from './markdown.ts';

describe('summary page Markdown', () => {
  it('reads headings, paragraphs, lists, quotes, code and rules', () => {
    const blocks = parseMarkdown(
      '# Otsikko\n\nEka rivi\ntoka rivi\n\n- yksi\n- kaksi\n\n3. kolme\n4. neljä\n\n> lainaus\n\n```\nkoodi <b>\n```\n\n---',
    );
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'code',
      'rule',
    ]);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: 'Eka rivi' }, { type: 'break' }, { type: 'text', text: 'toka rivi' }],
    });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true, start: 3 });
    expect(blocks[5]).toEqual({ type: 'code', text: 'koodi <b>' });
  });

  it('reads inline marks, leaving underscores inside words alone', () => {
    expect(parseInline('**vahva** ja *kalteva* ja `koodi` ja file_name_here')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'vahva' }] },
      { type: 'text', text: ' ja ' },
      { type: 'em', children: [{ type: 'text', text: 'kalteva' }] },
      { type: 'text', text: ' ja ' },
      { type: 'code', text: 'koodi' },
      { type: 'text', text: ' ja file_name_here' },
    ]);
  });

  it('keeps links and images only to safe addresses', () => {
    expect(parseInline('[olo](https://olo.example/a) [paha](javascript:alert(1)) ![kuva](/api/attachments/1)')).toEqual(
      [
        { type: 'link', href: 'https://olo.example/a', children: [{ type: 'text', text: 'olo' }] },
        { type: 'text', text: ' paha) ' },
        { type: 'image', src: '/api/attachments/1', alt: 'kuva' },
      ],
    );
    expect(safeUrl('//evil.example')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('mailto:a@b.fi')).toBe('mailto:a@b.fi');
  });
});
