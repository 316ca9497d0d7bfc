import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentTabInView } from './useCurrentTabInView.ts';

export interface PageTab {
  /** The tab's name in the address (`?tab=`); the first tab has none. */
  value: string;
  label: string;
  /** False for a tab the viewer may not use: it is not offered, and its address opens the first tab. */
  shown?: boolean;
  content: ReactNode;
}

/** The tab the address names, when the viewer may use it; else the first. */
export function currentTab(tabs: readonly Pick<PageTab, 'value' | 'shown'>[], requested: string | null): string {
  const offered = tabs.filter((tab) => tab.shown !== false);
  return offered.find((tab) => tab.value === requested)?.value ?? offered[0]?.value ?? '';
}

/**
 * A long page split into tabs kept in the address (`?tab=readings`), so that a link opens the right tab and the back
 * button returns to the previous one (decision 0093). Only the current tab is mounted: a hidden chart cannot measure
 * its width, and leaving a tab with unsaved changes asks first (the page's unsaved-changes prompt watches the search).
 */
export function PageTabs({ tabs, label, testId }: { tabs: readonly PageTab[]; label: string; testId?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const offered = tabs.filter((tab) => tab.shown !== false);
  const current = currentTab(offered, searchParams.get('tab'));
  const first = offered[0]?.value;
  const rowRef = useCurrentTabInView<HTMLDivElement>(current);

  const choose = (value: string | null) => {
    if (!value || value === current) return;
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value === first) next.delete('tab');
      else next.set('tab', value);
      return next;
    });
  };

  return (
    <Tabs value={current} onChange={choose} keepMounted={false} data-testid={testId}>
      <Tabs.List
        ref={rowRef}
        aria-label={label}
        mb="md"
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
      >
        {offered.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} style={{ flexShrink: 0 }}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {offered.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
