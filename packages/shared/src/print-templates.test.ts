import { describe, expect, it } from 'vitest';
import {
  createPrintTemplateInput,
  fillPrintTemplate,
  isSafePrintCss,
  printMarginMillimetres,
  printTemplateErrors,
  printTemplateStyle,
  sanitizePrintHtml,
  updatePrintTemplateInput,
} from './print-templates.ts';

const logo = 'data:image/png;base64,iVBORw0KGgo=';

describe('sanitizePrintHtml', () => {
  it('keeps formatting, tables, classes, safe styles and inline raster images', () => {
    const html =
      '<div class="top" style="font-size: 9px; color: #333"><b>Olo</b> <em>raportti</em></div>' +
      '<table width="100%"><tr><td align="right" colspan="2">{page} / {pages}</td></tr></table>' +
      `<img src="${logo}" alt="Logo" height="20"><br>`;
    expect(sanitizePrintHtml(html)).toBe(html.replace('<br>', '<br>'));
  });

  it('drops scripts, styles and frames with their content, and event handlers', () => {
    expect(sanitizePrintHtml('<p onclick="steal()">A<script>alert(1)</script>B</p>')).toBe('<p>AB</p>');
    expect(sanitizePrintHtml('<style>body{background:url(http://x)}</style>C')).toBe('C');
    expect(sanitizePrintHtml('<iframe src="https://evil.example"></iframe>D')).toBe('D');
    expect(sanitizePrintHtml('<svg><script>alert(1)</script></svg>E')).toBe('E');
    expect(sanitizePrintHtml('<SCRIPT>alert(1)</SCRIPT>F<script>never closed')).toBe('F');
    expect(sanitizePrintHtml('<img src=x onerror=alert(1)>G')).toBe('G');
  });

  it('loads nothing from elsewhere: external and SVG images, links, url() in styles are removed', () => {
    expect(sanitizePrintHtml('<img src="https://evil.example/t.png">')).toBe('');
    expect(sanitizePrintHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizePrintHtml('<a href="https://evil.example">link</a>')).toBe('link');
    expect(sanitizePrintHtml('<span style="background: url(https://evil.example)">x</span>')).toBe('<span>x</span>');
    expect(sanitizePrintHtml('<span style="background: u&#114;l(https://e)">x</span>')).toBe('<span>x</span>');
    expect(sanitizePrintHtml('<span style="background: u\\72l(https://e)">x</span>')).toBe('<span>x</span>');
    expect(sanitizePrintHtml('<link rel="stylesheet" href="https://e/x.css"><meta http-equiv="refresh">y')).toBe('y');
  });

  it('escapes stray markup characters, keeps entities, drops comments and closes what is left open', () => {
    expect(sanitizePrintHtml('a < b & c &amp; d > e')).toBe('a &lt; b &amp; c &amp; d &gt; e');
    expect(sanitizePrintHtml('<!-- <script>x</script> -->z<!doctype html>')).toBe('z');
    expect(sanitizePrintHtml('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b>y');
    expect(sanitizePrintHtml('<p title="x" class="a" style=\'color:red\'>q')).toBe(
      '<p class="a" style="color:red">q</p>',
    );
    expect(sanitizePrintHtml('<p "><img src=x onerror=alert(1)//">')).toBe('<p></p>');
  });

  it('keeps variables out of attributes, where a filled one would break the quotes', () => {
    expect(
      sanitizePrintHtml(`<img src="${logo}" alt="{organization.logo} x"><span style="width: {page}">y</span>`),
    ).toBe(`<img src="${logo}"><span>y</span>`);
  });

  it('is idempotent', () => {
    const inputs = [
      '<b><i>x</b>y</i> a < b & c',
      '<p "><img src=x onerror=alert(1)//">',
      `<div class="x" style="color:red"><img src="${logo}" alt="a"></div>{page}`,
      '<p>1 &lt; 2</p><td>cell</td>',
    ];
    for (const input of inputs) {
      const once = sanitizePrintHtml(input);
      expect(sanitizePrintHtml(once)).toBe(once);
    }
  });
});

describe('isSafePrintCss', () => {
  it('accepts plain CSS and data: URLs', () => {
    expect(isSafePrintCss('h1 { color: #036; }\n.logo { background: url("data:image/png;base64,AAAA"); }')).toBe(true);
    expect(isSafePrintCss('/* url(https://x) in a comment */ p { margin: 0 }')).toBe(true);
  });
  it('refuses anything that loads from elsewhere or hides behind escapes', () => {
    for (const css of [
      '@import "https://evil.example/x.css";',
      '@IMPORT url(x.css);',
      'p { background: url(https://evil.example/t.png) }',
      "p { background: url( 'http://x' ) }",
      'p { background: u\\72l(https://x) }',
      'p { background: image-set("x.png" 1x) }',
      '</style><script>alert(1)</script>',
    ]) {
      expect(isSafePrintCss(css), css).toBe(false);
    }
  });
  it('reads strings and comments as a browser does: a /* inside a string hides no url()', () => {
    for (const css of [
      'a{content:"/*"} b{background:url(http://127.0.0.1/x)} /* */',
      "a{content:'/*'} b{background-image:url('/api/attachments/00000000-0000-4000-8000-000000000001')} /* */",
      'a{content:"*/"} b{background:url(http://127.0.0.1/x)}',
      'a{font-family:"/*"} @import "http://127.0.0.1/x.css"; /* */',
      // A newline ends a string (as a bad string) for a browser, so what follows is read as CSS.
      'a{content:"x\n} b{background:url(http://127.0.0.1/x)}"}',
    ]) {
      expect(isSafePrintCss(css), css).toBe(false);
    }
  });
  it('refuses every way of loading: escapes, comments in names, any case, image functions, at-rules and src', () => {
    for (const css of [
      'p { background: u\\rl(http://x) }',
      'p { background: \\75 rl(http://x) }',
      'p { background: ur/**/l(http://x) }',
      'p { background: URL(http://x) }',
      'p { background: Url("http://x") }',
      'p { background: -webkit-image-set(url(x.png) 1x) }',
      'p { background: IMAGE-SET("x.png" 1x) }',
      'p { background: image("x.png") }',
      'p { background: cross-fade(50% "a.png", "b.png") }',
      'p { background: -moz-element(#x) }',
      'p { width: expression(alert(1)) }',
      'p { behavior: "x.htc" }',
      'p { -moz-binding: "x.xml#b" }',
      'p { mask: url(#m) }',
      'p { cursor: url(/api/data/1/2026-10/x/3600), auto }',
      '@import url(x.css);',
      '@import "x.css" print;',
      '@font-face { font-family: X; src: local(Arial) }',
      '@font-face { font-family: X; src: url(/x.woff2) }',
      '@namespace svg url(http://www.w3.org/2000/svg);',
      '@-moz-document url-prefix() { p { color: red } }',
      '@media print { @import "x.css"; }',
      ':root { --logo: url(http://127.0.0.1/x) } .logo { background: var(--logo) }',
      'p { background: url(data:text/html,<b>) }',
      'p { background: url("javascript:alert(1)") }',
      'p { color: red } } q { background: url(http://x) }',
    ]) {
      expect(isSafePrintCss(css), css).toBe(false);
    }
  });
  it('accepts ordinary print CSS: colours, fonts by name, @page and its margin boxes, media queries', () => {
    const css = `
      @page { size: A4; margin: 20mm 15mm; @bottom-center { content: counter(page) " / " counter(pages); } }
      @page :first { margin-top: 30mm; }
      @media print and (min-width: 10cm) { h1 { break-before: page; } }
      @supports (display: grid) { .grid { display: grid; grid-template-columns: 1fr 2fr; } }
      :root { --brand: #1c4fa6; }
      body { font-family: "Source Sans 3", Arial, sans-serif; font-size: 10.5pt; line-height: 1.4; color: #222; }
      h1, h2 { color: var(--brand); font-weight: 600; }
      table th { background-color: rgb(230 236 245 / 80%); border-bottom: 0.5pt solid hsl(210deg 20% 60%); }
      .logo { background: url("data:image/png;base64,AAAA") no-repeat; width: calc(100% - 2cm); }
      p::after { content: "/* not a comment */"; }
      /* a comment with url(http://x) in it */
    `;
    expect(isSafePrintCss(css)).toBe(true);
    expect(isSafePrintCss('')).toBe(true);
  });
});

describe('printMarginMillimetres', () => {
  it('reads mm, cm, in and px within 0 to 50 mm', () => {
    expect(printMarginMillimetres('15mm')).toBe(15);
    expect(printMarginMillimetres(' 1.5 cm ')).toBe(15);
    expect(printMarginMillimetres('1in')).toBeCloseTo(25.4);
    expect(printMarginMillimetres('96px')).toBeCloseTo(25.4);
    expect(printMarginMillimetres('0mm')).toBe(0);
  });
  it('refuses other units, negatives, expressions and too wide margins', () => {
    for (const margin of ['15', '-5mm', '10pt', 'calc(1mm + 2mm)', '6cm', '15mm;}', '']) {
      expect(printMarginMillimetres(margin), margin).toBeNull();
    }
  });
});

describe('print template inputs', () => {
  const organizationId = '00000000-0000-4000-8000-000000000001';
  it('sanitizes header and footer, normalizes margin and colours, fills defaults', () => {
    const parsed = createPrintTemplateInput.parse({
      organizationId,
      name: ' Perus ',
      header: '<b onclick="x()">{report.name}</b><script>1</script>',
      margin: ' 2 CM ',
      accentColor: '#A0B0C0',
    });
    expect(parsed).toEqual({
      organizationId,
      name: 'Perus',
      header: '<b>{report.name}</b>',
      footer: '',
      css: '',
      margin: '2cm',
      accentColor: '#a0b0c0',
      tableHeaderColor: null,
    });
  });
  it('gives the error keys of bad CSS, margins, colours and too long HTML', () => {
    const result = updatePrintTemplateInput.safeParse({
      id: 1,
      css: '@import "x.css";',
      margin: '9cm',
      tableHeaderColor: 'red',
      footer: 'x'.repeat(20_001),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      css: printTemplateErrors.unsafeCss,
      margin: printTemplateErrors.invalidMargin,
      tableHeaderColor: 'Give a colour as #rrggbb',
      footer: printTemplateErrors.htmlTooLong,
    });
  });
});

describe('fillPrintTemplate', () => {
  it("turns page variables into Chromium's spans and fills the rest escaped", () => {
    const html = '<div>{report.name} · {project.name} · {report.from}–{report.to} · {page} / {pages}</div>';
    expect(
      fillPrintTemplate(html, {
        'report.name': 'Sisäilma <Q1> & "muut"',
        'project.name': 'Koulu',
        'report.from': '1.1.2026',
        'report.to': '31.3.2026',
      }),
    ).toBe(
      '<div>Sisäilma &lt;Q1&gt; &amp; &quot;muut&quot; · Koulu · 1.1.2026–31.3.2026 · ' +
        '<span class="pageNumber"></span> / <span class="totalPages"></span></div>',
    );
  });
  it('puts the logo inline as an image, and nothing when there is none or it is not an inline picture', () => {
    expect(
      fillPrintTemplate('{organization.logo}{organization.name}', {
        'organization.logo': logo,
        'organization.name': 'Olo Oy',
      }),
    ).toBe(`<img class="logo" src="${logo}" alt="">Olo Oy`);
    expect(fillPrintTemplate('[{organization.logo}]', {})).toBe('[]');
    expect(fillPrintTemplate('[{organization.logo}]', { 'organization.logo': 'https://evil.example/x.png' })).toBe(
      '[]',
    );
  });
  it('leaves unknown variables, missing values and other braces as written', () => {
    expect(fillPrintTemplate('{report.name} {unknown} {a b} {}', {})).toBe('{report.name} {unknown} {a b} {}');
  });
});

describe('printTemplateStyle', () => {
  it('colours the document’s headings and table headers through custom properties, then adds the CSS', () => {
    const style = printTemplateStyle({
      css: 'h1 { font-size: 30px; }',
      accentColor: '#112233',
      tableHeaderColor: '#eeeeee',
    });
    expect(style).toContain('[data-report-ready] { --print-accent: #112233; }');
    expect(style).toContain('[data-report-ready] :is(h1, h2, h3, h4) { color: var(--print-accent); }');
    expect(style).toContain('[data-report-ready] { --print-table-header: #eeeeee; }');
    expect(style).toContain('[data-report-ready] thead th { background-color: var(--print-table-header);');
    expect(style.endsWith('h1 { font-size: 30px; }')).toBe(true);
  });
  it('gives nothing for no colours and no CSS, and never passes on a colour that is not #rrggbb', () => {
    expect(printTemplateStyle({ css: '', accentColor: null, tableHeaderColor: null })).toBe('');
    expect(printTemplateStyle({ css: '', accentColor: 'red;} body{display:none', tableHeaderColor: null })).toBe('');
  });
});
