/**
 * The kit's Switch, Checkbox and Tabs are plain elements (client/ui/Toggle.tsx, client/ui/Tabs.tsx):
 * each control is named by its label's `for`, says its state in ARIA, and the tabs are one Tab stop
 * whose selected tab labels the one panel rendered. Rendered to markup, as the first paint has it.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox, Switch } from '../../client/ui/Toggle';
import { Tabs } from '../../client/ui/Tabs';

/** The attributes of each element named `tag` in `html`, in order. */
function elements(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ''])));
}

const noop = () => {};

describe('the kit’s switch and checkbox', () => {
  it('a switch is a button of role switch named by its label, its state in aria-checked', () => {
    const html = renderToStaticMarkup(h(Switch, { label: 'List me in the resident directory', checked: true, onChange: noop }));
    const [button] = elements(html, 'button');
    expect(button.role).toBe('switch');
    expect(button['aria-checked']).toBe('true');
    expect(elements(html, 'label')[0].for).toBe(button.id);
    expect(html).toContain('>List me in the resident directory</label>');
  });

  it('a checkbox is a native one named by its label; disabled, it says so', () => {
    const html = renderToStaticMarkup(h(Checkbox, { label: 'Share my email', checked: false, onChange: noop, disabled: true }));
    const [input] = elements(html, 'input');
    expect(input.type).toBe('checkbox');
    expect('checked' in input).toBe(false);
    expect('disabled' in input).toBe(true);
    expect(elements(html, 'label')[0].for).toBe(input.id);
  });
});

describe('the kit’s tabs', () => {
  const tabs = [
    { label: 'Dues', content: h('p', null, 'the dues') },
    { label: 'My Invoices', content: h('p', null, 'the invoices') },
    { label: 'Collections', content: h('p', null, 'the collections') },
  ];

  it('only the selected tab is a Tab stop, and it labels the one panel rendered', () => {
    const html = renderToStaticMarkup(h(Tabs, { tabs, selectedIndex: 1 }));
    const tabButtons = elements(html, 'button');
    expect(tabButtons.map((t) => [t.role, t['aria-selected'], t.tabindex])).toEqual([
      ['tab', 'false', '-1'],
      ['tab', 'true', '0'],
      ['tab', 'false', '-1'],
    ]);
    const panels = elements(html, 'div').filter((d) => d.role === 'tabpanel');
    expect(panels).toHaveLength(1);
    expect(panels[0]['aria-labelledby']).toBe(tabButtons[1].id);
    expect(tabButtons[1]['aria-controls']).toBe(panels[0].id);
    expect(html).toContain('the invoices');
    expect(html).not.toContain('the dues');
  });

  it('uncontrolled, the first tab is selected', () => {
    const html = renderToStaticMarkup(h(Tabs, { tabs }));
    expect(elements(html, 'button').map((t) => t['aria-selected'])).toEqual(['true', 'false', 'false']);
    expect(html).toContain('the dues');
  });
});
