import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { controlClasses, Field } from './Field';
import { cx } from './cx';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  label: string;
}

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
        <ListboxButton className={cx(controlClasses(), 'flex h-10 items-center justify-between gap-2 text-left')}>
          <span className={cx('truncate', value.length === 0 && 'text-neutral-600')}>{summary(options, value, none)}</span>
          <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-40 w-(--button-width) min-w-44 rounded-lg border border-neutral-200 bg-white p-1 shadow-popover focus:outline-none"
        >
          {options.map((o) => (
            <ListboxOption
              key={o.value}
              value={o.value}
              className="group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-800 select-none data-focus:bg-neutral-100"
            >
              <CheckIcon className="invisible size-4 text-accent-700 group-data-selected:visible" />
              {o.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
