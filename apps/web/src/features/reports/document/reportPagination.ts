/**
 * Where a report's pages break, decided once on the drawn document and used both by the screen (page frames with the
 * content pushed to each page's top) and by print (a forced break at each page's first block), so that the sheets on
 * the screen are the printed pages (decision 0160). Lengths are CSS px of the unscaled paper.
 */

/** A page's geometry: its height, the margin on each side, and the gap between pages on the screen. */
export interface PageGeometry {
  height: number;
  margin: number;
  gap: number;
}

/** Print may lay a block out a little taller than the screen (a forced break keeps its top margin): room left for it. */
export const pageSlack = 16;

/** CSS px per millimetre. */
export const pxPerMm = 96 / 25.4;

/** A length of `12mm`, `1.5cm`, `0.5in` or `20px` in CSS px, else null. */
export function cssLengthPx(length: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(mm|cm|in|px)$/.exec(length.trim());
  if (!match) return null;
  const value = Number(match[1]);
  const unit = match[2] as 'mm' | 'cm' | 'in' | 'px';
  return value * { mm: pxPerMm, cm: pxPerMm * 10, in: 96, px: 1 }[unit];
}

/** Whether the block stays on the page of what follows it: a heading, or the line saying what a graph covers. */
function keepsWithNext(block: HTMLElement): boolean {
  if (/^H[1-6]$/.test(block.tagName) || block.matches('[data-testid="report-view-line"]')) return true;
  const only = block.children.length === 1 ? block.firstElementChild : null;
  return block.matches('[data-report-body]') && only !== null && /^H[1-6]$/.test(only.tagName);
}

const unbreakable = 'img, canvas, svg, figure, tr, [data-report-chart], [data-testid="summary-chart"]';

/**
 * The blocks of `element` that a page break may fall between: the element itself when it fits a page's content
 * height, else its parts (a long table's rows; the repeated header row is not one, print repeats it on each page).
 */
function blocksOf(element: HTMLElement, capacity: number): HTMLElement[] {
  if (element.offsetHeight <= capacity || element.children.length === 0 || element.matches(unbreakable)) {
    return element.offsetHeight > 0 ? [element] : [];
  }
  if (element instanceof HTMLTableElement) {
    return [...element.tBodies].flatMap((body) => [...body.rows]);
  }
  return [...element.children].flatMap((child) => (child instanceof HTMLElement ? blocksOf(child, capacity) : []));
}

/** The blocks of the document in reading order: every element's body, or a too-long body's parts. */
export function pageBlocks(flow: HTMLElement, capacity: number): HTMLElement[] {
  const walk = (node: HTMLElement): HTMLElement[] =>
    node.matches('[data-report-body]')
      ? blocksOf(node, capacity)
      : [...node.children].flatMap((child) => (child instanceof HTMLElement ? walk(child) : []));
  return walk(flow);
}

/** Removes the pushes of an earlier run. */
function clearPushes(flow: HTMLElement): void {
  for (const block of flow.querySelectorAll<HTMLElement>('[data-page-start]')) {
    block.removeAttribute('data-page-start');
    block.style.removeProperty('--page-push');
  }
}

/** Moves `block` down by `push` px on the screen and starts a page with it in print. */
function pushBlock(block: HTMLElement, push: number): void {
  block.setAttribute('data-page-start', 'true');
  block.style.setProperty('--page-push', `${Math.max(0, push)}px`);
}

/** The header row a table repeats on each printed page, above a row that starts one. */
function repeatedHeaderHeight(block: HTMLElement): number {
  if (!(block instanceof HTMLTableRowElement)) return 0;
  return block.closest('table')?.tHead?.offsetHeight ?? 0;
}

/**
 * Lays the blocks of `flow` onto pages: a block that would be cut by a page's end (or an element the author starts a
 * page with) moves to the next page's top, a heading with it; a block taller than a page starts a page and runs on.
 * Returns the number of pages. `scale` is the paper's screen scale (its transform), by which measured boxes are divided.
 */
export function paginate(flow: HTMLElement, geometry: PageGeometry, scale = 1): number {
  clearPushes(flow);
  const stride = geometry.height + geometry.gap;
  const content = geometry.height - 2 * geometry.margin;
  const capacity = content - pageSlack;
  const origin = () => flow.getBoundingClientRect().top;
  const top = (block: HTMLElement) => (block.getBoundingClientRect().top - origin()) / scale;
  const areaTop = (page: number) => page * stride + geometry.margin;
  const blocks = pageBlocks(flow, capacity);
  let page = 0;
  let bottom = 0;
  for (const [index, block] of blocks.entries()) {
    let start = top(block);
    const height = block.offsetHeight;
    while (start >= areaTop(page) + content) page++;
    const forced = block.parentElement?.hasAttribute('data-page-break-before') && start > areaTop(page) + 1;
    const cut = start + height > areaTop(page) + capacity && start > areaTop(page) + 1;
    if (forced || cut) {
      // Headings (and a graph's range line) left last on the page go along with what they name.
      let first = index;
      while (!forced && first > 0) {
        const before = blocks[first - 1] as HTMLElement;
        if (!keepsWithNext(before) || top(before) <= areaTop(page) + 1) break;
        first--;
      }
      const moved = blocks[first] as HTMLElement;
      page++;
      pushBlock(moved, areaTop(page) + repeatedHeaderHeight(moved) - top(moved));
      start = top(block);
    }
    bottom = Math.max(bottom, start + height);
    while (bottom > areaTop(page) + content + 1) page++;
  }
  return Math.max(1, Math.floor(Math.max(0, bottom - 1) / stride) + 1);
}
