import { describe, expect, it } from 'vitest';
import { reportErrors } from './bounds.ts';
import { parseReportContent } from './content.ts';
import { parsedReportContent as parsed } from './testing.ts';

describe('report content', () => {
  it('opens content stored before the envelope (version 0) with ids and defaults filled in', () => {
    const content = parsed([
      { kind: 'text', text: 'Drying of {project.name}', style: 'title' },
      { kind: 'graph', series: [{ space: { kind: 'all' }, dataType: 'CO2' }], children: [{ kind: 'summary' }] },
    ]);
    expect(content.version).toBe(1);
    expect(content.elements).toHaveLength(2);
    const [text, graph] = content.elements;
    expect(text?.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(graph?.kind).toBe('graph');
    expect(graph?.children[0]?.kind).toBe('summary');
    expect(graph?.children[0]?.id).not.toBe(graph?.id);
  });

  it('refuses a newer version, script links, duplicate ids and hostile nesting', () => {
    expect(parseReportContent({ version: 99, elements: [] })).toEqual({
      success: false,
      message: reportErrors.unsupportedVersion,
    });
    const link = {
      version: 1,
      elements: [
        {
          id: 'a',
          kind: 'richText',
          doc: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
                ],
              },
            ],
          },
        },
      ],
    };
    expect(parseReportContent(link)).toEqual({ success: false, message: reportErrors.invalidLink });
    expect(
      parseReportContent({
        version: 1,
        elements: [
          { id: 'a', kind: 'text' },
          { id: 'a', kind: 'text' },
        ],
      }),
    ).toEqual({ success: false, message: reportErrors.duplicateElementId });
    let deep: unknown = { id: 'x', kind: 'text' };
    for (let level = 0; level < 10_000; level += 1) deep = { id: `e${level}`, kind: 'text', children: [deep] };
    expect(parseReportContent({ version: 1, elements: [deep] }).success).toBe(false);
  });
});
