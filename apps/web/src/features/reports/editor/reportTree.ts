import {
  newReportElementId,
  type ReportElement,
  type ReportElementKind,
  reportBounds,
  reportElementSchema,
  structureMoistureTypes,
  walkReportElements,
} from '@olo/shared';

/**
 * The editor's changes to a report's element tree, each a pure function of the tree. A change the
 * tree cannot take (beyond `reportBounds`, into its own children, at an edge) leaves it as it was:
 * the same array, so the editor sees nothing changed and saves nothing.
 */
export type ReportTreeAction =
  /** A new element at the end of the top level, or at the end of `parentId`'s children. */
  | { type: 'add'; element: ReportElement; parentId: string | null }
  | { type: 'remove'; id: string }
  /** A copy (every id new) right after the element. */
  | { type: 'duplicate'; id: string }
  | { type: 'moveUp'; id: string }
  | { type: 'moveDown'; id: string }
  /** Drag and drop: the element to where `overId` is, in `overId`'s list (before it, or after it when moving down the same list). */
  | { type: 'dropOn'; id: string; overId: string }
  /** Becomes the last child of its previous sibling. */
  | { type: 'indent'; id: string }
  /** Leaves its parent, right after it. */
  | { type: 'outdent'; id: string }
  | { type: 'update'; id: string; element: ReportElement };

/** Where an element is: its parent's id (null at the top) and its index there. */
export interface ReportTreePlace {
  parentId: string | null;
  index: number;
  depth: number;
}

/**
 * A new element of a kind with the schema's defaults; a graph, table or summary starts with the room measurements
 * of every shown space (of the repeated space inside a repeat) over the report's whole range, so that it shows
 * something at once (decision 0158).
 */
export function newReportElement(kind: ReportElementKind, place: { insideRepeat: boolean } = { insideRepeat: false }) {
  const series = [{ space: { kind: place.insideRepeat ? 'current' : 'all' }, dataType: null }];
  const defaults =
    kind === 'graph' || kind === 'dataTable' || kind === 'summary'
      ? { series }
      : kind === 'dryingForecast'
        ? { series: [{ ...series[0], dataType: structureMoistureTypes[0] }] }
        : {};
  return reportElementSchema.parse({ id: newReportElementId(), kind, ...defaults });
}

export function findReportElement(elements: readonly ReportElement[], id: string): ReportElement | null {
  let found: ReportElement | null = null;
  walkReportElements(elements, (element) => {
    if (!found && element.id === id) found = element;
  });
  return found;
}

export function findReportPlace(elements: readonly ReportElement[], id: string): ReportTreePlace | null {
  const search = (list: readonly ReportElement[], parentId: string | null, depth: number): ReportTreePlace | null => {
    for (const [index, element] of list.entries()) {
      if (element.id === id) return { parentId, index, depth };
      const inner = search(element.children, element.id, depth + 1);
      if (inner) return inner;
    }
    return null;
  };
  return search(elements, null, 1);
}

function countElements(elements: readonly ReportElement[]): number {
  let count = 0;
  walkReportElements(elements, () => {
    count += 1;
  });
  return count;
}

/** Levels an element and its children take (1 for a leaf). */
function height(element: ReportElement): number {
  return 1 + Math.max(0, ...element.children.map(height));
}

/** The tree with `parentId`'s children (the top level when null) replaced. */
function withList(
  elements: readonly ReportElement[],
  parentId: string | null,
  change: (list: readonly ReportElement[]) => ReportElement[],
): ReportElement[] {
  if (parentId === null) return change(elements);
  return elements.map((element) =>
    element.id === parentId
      ? { ...element, children: change(element.children) }
      : { ...element, children: withList(element.children, parentId, change) },
  );
}

function listOf(elements: readonly ReportElement[], parentId: string | null): readonly ReportElement[] {
  if (parentId === null) return elements;
  return findReportElement(elements, parentId)?.children ?? [];
}

function withNewIds(element: ReportElement): ReportElement {
  return { ...element, id: newReportElementId(), children: element.children.map(withNewIds) };
}

function removeAt(elements: readonly ReportElement[], place: ReportTreePlace): ReportElement[] {
  return withList(elements, place.parentId, (list) => list.filter((_, index) => index !== place.index));
}

function insertAt(
  elements: readonly ReportElement[],
  parentId: string | null,
  index: number,
  element: ReportElement,
): ReportElement[] {
  return withList(elements, parentId, (list) => [...list.slice(0, index), element, ...list.slice(index)]);
}

function isInside(element: ReportElement, id: string): boolean {
  return findReportElement(element.children, id) !== null;
}

/** `element` moved to `index` of `parentId`'s list (an index of the list without it), if the depth allows. */
function moveTo(
  elements: ReportElement[],
  id: string,
  parentId: string | null,
  index: number | 'end',
): ReportElement[] {
  const element = findReportElement(elements, id);
  const place = findReportPlace(elements, id);
  if (!element || !place) return elements;
  if (parentId === id || (parentId !== null && isInside(element, parentId))) return elements;
  const parentDepth = parentId === null ? 0 : (findReportPlace(elements, parentId)?.depth ?? 0);
  if (parentDepth + height(element) > reportBounds.depthMax) return elements;
  const without = removeAt(elements, place);
  const target = index === 'end' ? listOf(without, parentId).length : index;
  return insertAt(without, parentId, target, element);
}

export function reportTreeReducer(elements: ReportElement[], action: ReportTreeAction): ReportElement[] {
  switch (action.type) {
    case 'add': {
      if (countElements(elements) + countElements([action.element]) > reportBounds.elementsMax) return elements;
      if (action.parentId === null) return [...elements, action.element];
      const parent = findReportPlace(elements, action.parentId);
      if (!parent || parent.depth + height(action.element) > reportBounds.depthMax) return elements;
      return withList(elements, action.parentId, (list) => [...list, action.element]);
    }
    case 'remove': {
      const place = findReportPlace(elements, action.id);
      return place ? removeAt(elements, place) : elements;
    }
    case 'duplicate': {
      const element = findReportElement(elements, action.id);
      const place = findReportPlace(elements, action.id);
      if (!element || !place) return elements;
      if (countElements(elements) + countElements([element]) > reportBounds.elementsMax) return elements;
      return insertAt(elements, place.parentId, place.index + 1, withNewIds(element));
    }
    case 'moveUp':
    case 'moveDown': {
      const place = findReportPlace(elements, action.id);
      if (!place) return elements;
      const list = listOf(elements, place.parentId);
      const index = place.index + (action.type === 'moveUp' ? -1 : 1);
      if (index < 0 || index >= list.length) return elements;
      return moveTo(elements, action.id, place.parentId, index);
    }
    case 'dropOn': {
      if (action.id === action.overId) return elements;
      const from = findReportPlace(elements, action.id);
      const over = findReportPlace(elements, action.overId);
      if (!from || !over) return elements;
      // Within one list the dragged element takes the other's index (the others shift towards where it was);
      // from another list it goes in before the element it was dropped on.
      if (from.parentId === over.parentId) return moveTo(elements, action.id, over.parentId, over.index);
      const element = findReportElement(elements, action.id);
      if (!element || isInside(element, action.overId)) return elements;
      const without = removeAt(elements, from);
      const target = findReportPlace(without, action.overId);
      if (!target) return elements;
      const parentDepth = target.depth - 1;
      if (parentDepth + height(element) > reportBounds.depthMax) return elements;
      return insertAt(without, target.parentId, target.index, element);
    }
    case 'indent': {
      const place = findReportPlace(elements, action.id);
      if (!place || place.index === 0) return elements;
      const previous = listOf(elements, place.parentId)[place.index - 1];
      return previous ? moveTo(elements, action.id, previous.id, 'end') : elements;
    }
    case 'outdent': {
      const place = findReportPlace(elements, action.id);
      if (!place || place.parentId === null) return elements;
      const parentPlace = findReportPlace(elements, place.parentId);
      if (!parentPlace) return elements;
      const element = findReportElement(elements, action.id) as ReportElement;
      return insertAt(removeAt(elements, place), parentPlace.parentId, parentPlace.index + 1, element);
    }
    case 'update': {
      if (!findReportElement(elements, action.id)) return elements;
      const replace = (list: readonly ReportElement[]): ReportElement[] =>
        list.map((element) =>
          element.id === action.id
            ? { ...action.element, id: element.id, children: element.children }
            : { ...element, children: replace(element.children) },
        );
      return replace(elements);
    }
  }
}
