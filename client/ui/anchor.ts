/**
 * Where a popover (listbox, menu, combobox options) opens against its button, for Headless UI's
 * `anchor` prop. Every distance is a number: a distance left out defaults to a CSS variable
 * (`var(--anchor-offset, 0)`), which Headless UI re-reads in a frame loop while the popover is open,
 * so the browser paints every frame and a filter click's rows waited for the next one.
 */
export function anchorAt(to: 'bottom start' | 'bottom end', gap: number, padding = 0) {
  return { to, gap, offset: 0, padding } as const;
}
