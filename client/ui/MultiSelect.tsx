import { Listbox, ListboxButton } from '@headlessui/react';
import { Field } from './Field';
import { cx } from './cx';
import { ChevronDownIcon } from './icons';
import { listboxButtonClasses, SelectOptions, type SelectOption } from './Select';

/** What the closed listbox says: "All", the one chosen label, or how many are chosen. */
function summary(options: readonly SelectOption[], value: readonly string[], none: string) {
  if (value.length === 0) return none;
  if (value.length === 1) return options.find((o) => o.value === value[0])?.label ?? none;
  return `${value.length} selected`;
}

/**
 * A multi-select filter (Categories, Status): a labelled listbox that stays open while values are
 * toggled; arrow keys, typeahead and Escape work (Headless UI).
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
  return (
    <Field label={label} className={className}>
      <Listbox value={[...value]} onChange={onChange} multiple>
        <ListboxButton className={listboxButtonClasses()}>
          <span className={cx('truncate', value.length === 0 && 'text-neutral-600')}>{summary(options, value, none)}</span>
          <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
        </ListboxButton>
        <SelectOptions options={options} />
      </Listbox>
    </Field>
  );
}
