/**
 * The kit's Field ties its label, its hint or error and its control by ids (client/ui/Field.tsx): the
 * label's `for` is the control's id, the hint or error describes it, an error marks it invalid, and a
 * listbox's button is named by the label and then the shown value. Rendered to markup, as the first
 * paint has it.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, Input, Textarea } from '../../client/ui/Field';
import { Select } from '../../client/ui/Select';
import { AddressPicker, NO_ADDRESS_PICKED } from '../../client/features/addresses/AddressPicker';

/** The attributes of the first element named `tag` (and matching `where`) in `html`. */
function attributesOf(html: string, tag: string, where = ''): Record<string, string> {
  const found = new RegExp(`<${tag}\\b([^>]*${where}[^>]*)>`).exec(html);
  if (!found) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...found[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/** The text of the element whose id is `id`. */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('a Field and its control', () => {
  it('the label names the input, the hint describes it, and nothing marks it invalid', () => {
    const html = renderToStaticMarkup(h(Field, { label: 'Title', hint: '80 characters at most', required: true, children: h(Input, { name: 'title' }) }));
    const input = attributesOf(html, 'input');
    expect(attributesOf(html, 'label').for).toBe(input.id);
    expect(textOf(html, input['aria-describedby'])).toBe('80 characters at most');
    expect(input['aria-invalid']).toBeUndefined();
  });

  it('an error takes the hint’s place, describes the control and marks it invalid', () => {
    const html = renderToStaticMarkup(h(Field, { label: 'Description', hint: '0/200', error: 'Please enter a description.', children: h(Textarea, { invalid: true }) }));
    const textarea = attributesOf(html, 'textarea');
    expect(attributesOf(html, 'label').for).toBe(textarea.id);
    expect(textOf(html, textarea['aria-describedby'])).toBe('Please enter a description.');
    expect(attributesOf(html, 'p', `id="${textarea['aria-describedby']}"`).role).toBe('alert');
    expect(textarea['aria-invalid']).toBe('true');
    expect(html).not.toContain('0/200');
  });

  it('a listbox’s button is named by the label, then the chosen value', () => {
    const options = [
      { value: 'monthly', label: 'Monthly' },
      { value: 'quarterly', label: 'Quarterly' },
    ] as const;
    const html = renderToStaticMarkup(h(Field, { label: 'Frequency', children: h(Select, { options, value: 'quarterly', onChange: () => {} }) }));
    const button = attributesOf(html, 'button');
    const label = attributesOf(html, 'label');
    expect(label.for).toBe(button.id);
    const [labelId, shownId] = button['aria-labelledby'].split(' ');
    expect(labelId).toBe(label.id);
    expect(textOf(html, shownId)).toBe('Quarterly');
    expect(button['aria-describedby']).toBeUndefined();
  });

  it('the address picker’s combobox is named by the label and described by the error', () => {
    const html = renderToStaticMarkup(h(Field, { label: 'Address', error: 'Invalid address.', children: h(AddressPicker, { value: NO_ADDRESS_PICKED, onChange: () => {}, open: false }) }));
    const input = attributesOf(html, 'input', 'role="combobox"');
    expect(attributesOf(html, 'label').for).toBe(input.id);
    expect(textOf(html, input['aria-describedby'])).toBe('Invalid address.');
  });

  it('an input outside a Field takes no ids of its own', () => {
    const input = attributesOf(renderToStaticMarkup(h(Input, { 'aria-label': 'Search' })), 'input');
    expect(input.id).toBeUndefined();
    expect(input['aria-describedby']).toBeUndefined();
  });
});
