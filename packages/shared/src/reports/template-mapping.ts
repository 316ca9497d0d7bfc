import type { ReportContent } from './content.ts';
import type { ReportElement } from './elements.ts';
import type { RichTextNode } from './rich-text.ts';
import type { ReportSeriesFacts, ReportSpaceFacts } from './selections.ts';

/** What a template or a clone could not find in the project it goes to. */
export interface ReportUnmapped {
  elementId: string;
  spaceName: string;
  /** Null: the space itself is missing; else the space is there but has no series of this type. */
  dataType: string | null;
}

/** A floor-plan pin dropped because its space is not in the project the content went to. */
export interface ReportDroppedPin {
  elementId: string;
  spaceName: string;
}

function normalName(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/**
 * Content made for one project, pointed at another: each named space is looked up by name (case
 * and surrounding spaces ignored). A selection whose space is missing is dropped; one whose space
 * is there but lacks the measurement type is kept (it shows nothing until such a series exists).
 * Both are listed so that the user can fix them; so is each image-tour pin dropped with its space.
 */
export function mapReportContent(
  content: ReportContent,
  target: { spaces: readonly ReportSpaceFacts[]; series: readonly ReportSeriesFacts[] },
): { content: ReportContent; unmapped: ReportUnmapped[]; droppedPins: ReportDroppedPin[] } {
  const unmapped: ReportUnmapped[] = [];
  const droppedPins: ReportDroppedPin[] = [];
  const byName = new Map(target.spaces.map((space) => [normalName(space.name), space]));
  const mapSpace = (elementId: string, ref: { id: number; name: string }, dataType: string | null) => {
    const space = byName.get(normalName(ref.name));
    if (!space) {
      unmapped.push({ elementId, spaceName: ref.name, dataType: null });
      return null;
    }
    if (dataType !== null && !target.series.some((item) => item.spaceId === space.id && item.dataType === dataType)) {
      unmapped.push({ elementId, spaceName: space.name, dataType });
    }
    return { kind: 'space' as const, id: space.id, name: space.name };
  };
  const mapElement = (element: ReportElement): ReportElement => {
    const children = element.children.map(mapElement);
    if (element.kind === 'imageTour') {
      const images = element.images.map((image) => ({
        ...image,
        pins: image.pins.flatMap((pin) => {
          if (pin.space.kind !== 'space') return [pin];
          const space = byName.get(normalName(pin.space.name));
          if (!space) {
            droppedPins.push({ elementId: element.id, spaceName: pin.space.name });
            return [];
          }
          return [{ ...pin, space: { kind: 'space' as const, id: space.id, name: space.name } }];
        }),
      }));
      return { ...element, children, images };
    }
    if ('series' in element) {
      const series = element.series.flatMap((selection) => {
        if (selection.space.kind !== 'space') return [selection];
        const space = mapSpace(element.id, selection.space, selection.dataType);
        return space ? [{ ...selection, space }] : [];
      });
      return { ...element, children, series } as ReportElement;
    }
    return { ...element, children };
  };
  return { content: { ...content, elements: content.elements.map(mapElement) }, unmapped, droppedPins };
}

/** What a report made from a template holds that the author should look at before sharing it (decision 0157). */
export interface ReportAttention {
  /**
   * `text`: a text or rich text written for the template's project; `imageTour`: images of the
   * template's project; `pin`: a pin dropped, its space missing here; `fixedDataslot`: a data
   * slot kept at the template's dates; `noData`: the report's range (name null) or a data slot in
   * which the report's series have no values.
   */
  kind: 'text' | 'imageTour' | 'pin' | 'fixedDataslot' | 'noData';
  elementId: string | null;
  /** The text's beginning, the tour's title, the pin's space or the data slot's name. */
  name: string | null;
}

const excerptLength = 60;

function richTextOf(node: RichTextNode): string {
  if (node.text !== undefined) return node.text;
  return (node.content ?? []).map(richTextOf).join(' ');
}

/** Whether a text says something of its own: more than variables, spaces and punctuation. */
function writtenText(text: string): string | null {
  const own = text.replace(/\{[a-z]+(?:\.[a-z]+)?\}/g, '');
  if (!/\p{L}|\p{N}/u.test(own)) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
}

/**
 * The texts and image tours content copied from a template carries: written for the template's
 * project (its name, its rooms, its floor plan), each worth reading before the report is shared.
 * Texts made only of variables fill themselves in and are not listed.
 */
export function reportTemplateAttention(content: ReportContent): ReportAttention[] {
  const found: ReportAttention[] = [];
  const visit = (elements: readonly ReportElement[]) => {
    for (const element of elements) {
      if (element.kind === 'text' || element.kind === 'richText') {
        const name = writtenText(element.kind === 'text' ? element.text : richTextOf(element.doc));
        if (name !== null) found.push({ kind: 'text', elementId: element.id, name });
      }
      if (element.kind === 'imageTour' && element.images.length > 0) {
        found.push({ kind: 'imageTour', elementId: element.id, name: element.title });
      }
      visit(element.children);
    }
  };
  visit(content.elements);
  return found;
}
