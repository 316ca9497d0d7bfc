import { reportCoverContentSchema } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { insertVariable, moveItem, newCoverContent, readCoverContent } from './coverContent.ts';

describe('cover content', () => {
  it('starts a new cover with the report name, project and period as texts the schema accepts', () => {
    const cover = newCoverContent();
    expect(reportCoverContentSchema.safeParse(cover).success).toBe(true);
    expect(cover.elements.map((element) => (element.kind === 'text' ? element.text : element.kind))).toEqual([
      '{report.name}',
      '{project.name}',
      '{report.from} – {report.to}',
    ]);
    expect(new Set(cover.elements.map((element) => element.id)).size).toBe(3);
  });

  it('opens a stored cover the schema reads as it is, and an unreadable one empty', () => {
    const stored = newCoverContent();
    expect(readCoverContent(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(readCoverContent({ version: 99, elements: 'x' }).elements).toEqual([]);
  });

  it('moves an element up or down, and leaves the list alone at its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('puts a variable at the cursor, replacing the selection, or at the end', () => {
    expect(insertVariable('Raportti: ', 'project.name', null, null)).toEqual({
      text: 'Raportti: {project.name}',
      cursor: 24,
    });
    expect(insertVariable('Kohde X valmis', 'project.name', 6, 7)).toEqual({
      text: 'Kohde {project.name} valmis',
      cursor: 20,
    });
  });
});
