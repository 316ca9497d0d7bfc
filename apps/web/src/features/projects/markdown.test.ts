import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeImageSource, safeLink } from './markdown.ts';

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
        {
          type: 'link',
          link: { kind: 'external', href: 'https://olo.example/a' },
          children: [{ type: 'text', text: 'olo' }],
        },
        { type: 'text', text: ' paha) ' },
        { type: 'image', src: '/api/attachments/1', alt: 'kuva' },
      ],
    );
    expect(parseInline('[x](/\\evil.example)')).toEqual([
      {
        type: 'link',
        link: { kind: 'external', href: `${window.location.protocol}//evil.example/` },
        children: [{ type: 'text', text: 'x' }],
      },
    ]);
    expect(parseInline('<javascript:alert(1)> ![x](data:image/png;base64,AAAA)')).toEqual([
      { type: 'text', text: '<javascript:alert(1)> x' },
    ]);
  });
});

describe('a page link, resolved as the browser follows it', () => {
  const origin = 'https://olo.example';
  it.each([
    // Written like paths, but the URL parser takes them to another host.
    ['/\\evil.example', { kind: 'external', href: 'https://evil.example/' }],
    ['\\\\evil.example', { kind: 'external', href: 'https://evil.example/' }],
    ['//evil.example', { kind: 'external', href: 'https://evil.example/' }],
    ['/\\evil.example/a?b#c', { kind: 'external', href: 'https://evil.example/a?b#c' }],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['\tjavascript:alert(1)', null],
    ['javascript\r\n:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['tel:+358401234567', null],
    ['ftp://files.example/x', null],
    ['https://[', null],
    // This site's paths stay in the app.
    ['/p/1/summary', { kind: 'path', href: '/p/1/summary' }],
    ['/api/attachments/1/a b.pdf', { kind: 'path', href: '/api/attachments/1/a%20b.pdf' }],
    ['sivu/toinen', { kind: 'path', href: '/sivu/toinen' }],
    ['../x', { kind: 'path', href: '/x' }],
    ['https://olo.example/p/2?a=1#b', { kind: 'path', href: '/p/2?a=1#b' }],
    ['#anchor', { kind: 'fragment', href: '#anchor' }],
    ['mailto:a@b.fi', { kind: 'mailto', href: 'mailto:a@b.fi' }],
    ['MAILTO:a@b.fi', { kind: 'mailto', href: 'mailto:a@b.fi' }],
    ['https://external.example/x', { kind: 'external', href: 'https://external.example/x' }],
    ['http://olo.example/p/1', { kind: 'external', href: 'http://olo.example/p/1' }],
  ])('%j', (address, expected) => {
    expect(safeLink(address, origin)).toEqual(expected);
  });

  it('keeps images only from the web or this site', () => {
    expect(safeImageSource('/api/attachments/1', origin)).toBe('/api/attachments/1');
    expect(safeImageSource('https://cdn.example/a.png', origin)).toBe('https://cdn.example/a.png');
    expect(safeImageSource('mailto:a@b.fi', origin)).toBeNull();
    expect(safeImageSource('#x', origin)).toBeNull();
    expect(safeImageSource('data:image/png;base64,AAAA', origin)).toBeNull();
  });
});
