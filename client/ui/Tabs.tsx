import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabDef {
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs with arrow-key navigation (Headless UI). Controlled when `selectedIndex` is given. The tab and
 * the panel (a Tab stop of its own) show a ring on keyboard focus (:focus-visible).
 */
export function Tabs({ tabs, selectedIndex, onChange }: { tabs: TabDef[]; selectedIndex?: number; onChange?: (index: number) => void }) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList className="flex gap-1 overflow-x-auto border-b border-neutral-200">
        {tabs.map((t, i) => (
          <Tab
            key={i}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600 data-selected:border-accent-700 data-selected:text-accent-800"
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((t, i) => (
          <TabPanel key={i} className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-600">
            {t.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
