import { useState } from 'react';
import { Field } from './Field';
import { cx } from './cx';
import { ListboxStandIn, OpenedListbox, type SelectOption } from './Select';

/** What the closed listbox says: "All", the one chosen label, or how many are chosen. */
function summary(options: readonly SelectOption[], value: readonly string[], none: string) {
  if (value.length === 0) return none;
  if (value.length === 1) return options.find((o) => o.value === value[0])?.label ?? none;
  return `${value.length} selected`;
}

/**
 * A multi-select filter (Categories, Status): a labelled listbox that stays open while values are
 * toggled; arrow keys, typeahead and Escape work (Headless UI). A plain button until first pressed,
 * as the Select.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  none = 'All',
  className,
}: {
  label: string;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown when nothing is chosen (every value passes). */
  none?: string;
  className?: string;
}) {
  const [pressed, setPressed] = useState(false);
  const shown = summary(options, value, none);
  const shownClassName = cx('truncate', value.length === 0 && 'text-neutral-600');
  return (
    <Field label={label} className={className}>
      {pressed ? (
        <OpenedListbox.MultiSelect options={options} value={value} onChange={onChange} shown={shown} shownClassName={shownClassName} />
      ) : (
        <ListboxStandIn shown={shown} shownClassName={shownClassName} onPress={() => setPressed(true)} />
      )}
    </Field>
  );
}
