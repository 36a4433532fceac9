/**
 * The layout shifts a page's screens make as they load, as the browser scores them (CLS): what a
 * reader sees jump. Watch before the page loads; read once the screen has settled.
 */
import type { Page } from 'playwright-core';

export interface LayoutShift {
  value: number;
  /** The class names of what moved (the first 60 characters), to say which card jumped. */
  moved: string[];
}

/** Records every layout shift from the page's first paint on (not those right after a user's input). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((entries) => {
      for (const e of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }[]) {
        if (!e.hadRecentInput) shifts.push({ value: e.value, moved: e.sources.map((s) => (s.node instanceof Element ? s.node.className.slice(0, 60) : String(s.node?.nodeName))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far, and their sum (the page's CLS so far). */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: LayoutShift[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}
