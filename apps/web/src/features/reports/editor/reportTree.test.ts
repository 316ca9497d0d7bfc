import { type ReportElement, reportBounds, reportContentSchema, reportElementSchema } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { findReportElement, newReportElement, reportTreeReducer } from './reportTree.ts';

function text(id: string, children: ReportElement[] = []): ReportElement {
  return { ...reportElementSchema.parse({ id, kind: 'text', text: id }), children };
}

/** The tree as ids: `a(b c)` is a with children b and c. */
function shape(elements: readonly ReportElement[]): string {
  return elements
    .map((element) => (element.children.length ? `${element.id}(${shape(element.children)})` : element.id))
    .join(' ');
}

// a, b (with b1, b2), c
function tree(): ReportElement[] {
  return [text('a'), text('b', [text('b1'), text('b2')]), text('c')];
}

/** A chain `levels` deep: d1(d2(d3 …)). */
function chain(levels: number, prefix = 'd'): ReportElement {
  let element = text(`${prefix}${levels}`);
  for (let level = levels - 1; level >= 1; level -= 1) element = text(`${prefix}${level}`, [element]);
  return element;
}

describe('report tree', () => {
  it('adds a new element of each kind with its defaults, at the end or at the end of the selected one', () => {
    const graph = newReportElement('graph');
    // A new graph shows the room measurements of every shown space over the report's range; inside a repeat, its space's.
    expect(graph).toMatchObject({
      kind: 'graph',
      series: [{ space: { kind: 'all' }, dataType: null }],
      data: { dataslotId: null },
      showLimits: true,
      repeatPerSpace: false,
      children: [],
    });
    expect(newReportElement('dataTable', { insideRepeat: true })).toMatchObject({
      series: [{ space: { kind: 'current' }, dataType: null }],
    });
    expect(newReportElement('text')).not.toHaveProperty('series');
    expect(shape(reportTreeReducer(tree(), { type: 'add', element: text('n'), parentId: null }))).toBe(
      'a b(b1 b2) c n',
    );
    expect(shape(reportTreeReducer(tree(), { type: 'add', element: text('n'), parentId: 'b' }))).toBe('a b(b1 b2 n) c');
    expect(shape(reportTreeReducer(tree(), { type: 'add', element: text('n'), parentId: 'b1' }))).toBe(
      'a b(b1(n) b2) c',
    );
    // Every kind's new element is content the server accepts.
    const kinds = ['richText', 'text', 'graph', 'dataTable', 'imageTour', 'summary'] as const;
    const elements = kinds.map((kind) => newReportElement(kind));
    expect(reportContentSchema.safeParse({ version: 1, elements }).success).toBe(true);
    expect(new Set(elements.map((element) => element.id)).size).toBe(6);
  });

  it('refuses an element beyond the limits of a report', () => {
    const full = Array.from({ length: reportBounds.elementsMax }, (_, index) => text(`e${index}`));
    expect(reportTreeReducer(full, { type: 'add', element: text('n'), parentId: null })).toBe(full);
    expect(reportTreeReducer(full, { type: 'duplicate', id: 'e0' })).toBe(full);
    const deep = [chain(reportBounds.depthMax)];
    const deepest = `d${reportBounds.depthMax}`;
    expect(reportTreeReducer(deep, { type: 'add', element: text('n'), parentId: deepest })).toBe(deep);
  });

  it('removes an element with its children', () => {
    expect(shape(reportTreeReducer(tree(), { type: 'remove', id: 'b' }))).toBe('a c');
    expect(shape(reportTreeReducer(tree(), { type: 'remove', id: 'b2' }))).toBe('a b(b1) c');
  });

  it('duplicates an element and its children right after it, every id new', () => {
    const next = reportTreeReducer(tree(), { type: 'duplicate', id: 'b' });
    expect(next).toHaveLength(4);
    const copy = next[2] as ReportElement;
    expect(copy.kind === 'text' && copy.text).toBe('b');
    expect(copy.id).not.toBe('b');
    expect(copy.children.map((child) => child.kind === 'text' && child.text)).toEqual(['b1', 'b2']);
    expect(copy.children.map((child) => child.id)).not.toContain('b1');
    expect(reportContentSchema.safeParse({ version: 1, elements: next }).success).toBe(true);
  });

  it('moves up and down within its list, and not past the ends', () => {
    expect(shape(reportTreeReducer(tree(), { type: 'moveUp', id: 'c' }))).toBe('a c b(b1 b2)');
    expect(shape(reportTreeReducer(tree(), { type: 'moveDown', id: 'b1' }))).toBe('a b(b2 b1) c');
    const elements = tree();
    expect(reportTreeReducer(elements, { type: 'moveUp', id: 'a' })).toBe(elements);
    expect(reportTreeReducer(elements, { type: 'moveDown', id: 'b2' })).toBe(elements);
  });

  it('moves by drag and drop within a list and between levels', () => {
    expect(shape(reportTreeReducer(tree(), { type: 'dropOn', id: 'a', overId: 'c' }))).toBe('b(b1 b2) c a');
    expect(shape(reportTreeReducer(tree(), { type: 'dropOn', id: 'c', overId: 'a' }))).toBe('c a b(b1 b2)');
    expect(shape(reportTreeReducer(tree(), { type: 'dropOn', id: 'b2', overId: 'b1' }))).toBe('a b(b2 b1) c');
    // Into another level: before the element dropped on.
    expect(shape(reportTreeReducer(tree(), { type: 'dropOn', id: 'c', overId: 'b2' }))).toBe('a b(b1 c b2)');
    expect(shape(reportTreeReducer(tree(), { type: 'dropOn', id: 'b1', overId: 'a' }))).toBe('b1 a b(b2) c');
  });

  it('never drops an element into its own children or deeper than the limit', () => {
    const elements = tree();
    expect(reportTreeReducer(elements, { type: 'dropOn', id: 'b', overId: 'b1' })).toBe(elements);
    const deep = [chain(reportBounds.depthMax), chain(2, 'x')];
    expect(reportTreeReducer(deep, { type: 'dropOn', id: 'x1', overId: `d${reportBounds.depthMax}` })).toBe(deep);
  });

  it('indents into the previous sibling and outdents to right after the parent', () => {
    expect(shape(reportTreeReducer(tree(), { type: 'indent', id: 'c' }))).toBe('a b(b1 b2 c)');
    expect(shape(reportTreeReducer(tree(), { type: 'indent', id: 'b2' }))).toBe('a b(b1(b2)) c');
    const first = tree();
    expect(reportTreeReducer(first, { type: 'indent', id: 'a' })).toBe(first);
    expect(shape(reportTreeReducer(tree(), { type: 'outdent', id: 'b1' }))).toBe('a b(b2) b1 c');
    expect(reportTreeReducer(first, { type: 'outdent', id: 'a' })).toBe(first);
    const deep = [text('a'), chain(reportBounds.depthMax, 'x')];
    expect(reportTreeReducer(deep, { type: 'indent', id: 'x1' })).toBe(deep);
  });

  it('updates an element’s settings, keeping its id and children', () => {
    const b = findReportElement(tree(), 'b') as ReportElement;
    const next = reportTreeReducer(tree(), {
      type: 'update',
      id: 'b',
      element: { ...b, repeatPerSpace: true, id: 'other', children: [] },
    });
    const updated = findReportElement(next, 'b');
    expect(updated?.repeatPerSpace).toBe(true);
    expect(shape(next)).toBe('a b(b1 b2) c');
    const elements = tree();
    expect(reportTreeReducer(elements, { type: 'update', id: 'missing', element: b })).toBe(elements);
  });
});
