import { useLayoutEffect, useRef } from 'react';

const currentTab = '[aria-current="page"], [aria-selected="true"]';

/** Scrolls a row of tabs sideways so that `tab` is wholly in view, centred when it had to move. */
export function scrollTabIntoRow(row: HTMLElement, tab: HTMLElement): void {
  const rowBox = row.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  if (tabBox.left >= rowBox.left && tabBox.right <= rowBox.right) return;
  row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
}

/**
 * For a row of tabs that scrolls sideways on a phone: the current tab (aria-current or aria-selected) is brought
 * into view when the page opens and whenever `current` changes, so the row never hides where the user is.
 */
export function useCurrentTabInView<Row extends HTMLElement>(current: unknown) {
  const ref = useRef<Row>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new current tab on purpose.
  useLayoutEffect(() => {
    const row = ref.current;
    const tab = row?.querySelector<HTMLElement>(currentTab);
    if (row && tab) scrollTabIntoRow(row, tab);
  }, [current]);
  return ref;
}
