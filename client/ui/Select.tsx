import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { controlClasses } from './Field';
import { anchorAt } from './anchor';
import { cx } from './cx';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

/** The options of a list of values, each named by its label (a map of labels, or the value itself). */
export function optionsOf<T extends string>(values: readonly T[], labels?: Readonly<Record<T, string>> | ((value: T) => string)): SelectOption<T>[] {
  const labelOf = typeof labels === 'function' ? labels : (v: T) => labels?.[v] ?? v;
  return values.map((value) => ({ value, label: labelOf(value) }));
}

/** The button of a closed listbox: the look of every other control, with its chevron. */
export const listboxButtonClasses = (invalid = false) =>
  cx(controlClasses(invalid), 'flex h-10 items-center justify-between gap-2 text-left');

/** The open list under a listbox button (single and multiple choice alike). */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return (
    <ListboxOptions
      anchor={anchorAt('bottom start', 4)}
      className="z-50 max-h-72 w-(--button-width) min-w-44 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 shadow-popover focus:outline-none"
    >
      {options.map((o) => (
        <ListboxOption
          key={o.value}
          value={o.value}
          className="group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-800 select-none data-disabled:text-neutral-400 data-focus:bg-neutral-100"
        >
          <CheckIcon className="invisible size-4 shrink-0 text-accent-700 group-data-selected:visible" />
          {o.label}
        </ListboxOption>
      ))}
    </ListboxOptions>
  );
}

/**
 * One choice from a list (role, status, category, sort): the one single-choice control of the app,
 * the same listbox as the multi-select filters, so both look and work alike. Arrow keys on the
 * closed button open the list rather than change the value (a native select commits on ArrowDown,
 * which once marked an invoice Paid by a slip). Labelled by the surrounding Field.
 */
export function Select<T extends string>({
  options,
  value,
  onChange,
  placeholder = 'Select…',
  invalid = false,
  disabled,
  name,
  className,
  'aria-label': ariaLabel,
}: {
  options: readonly SelectOption<T>[];
  /** '' while nothing is chosen. */
  value: T | '';
  onChange: (value: T) => void;
  /** Shown while no option is chosen. */
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Submitted with a form as a hidden input. */
  name?: string;
  className?: string;
  'aria-label'?: string;
}) {
  const chosen = options.find((o) => o.value === value);
  return (
    <Listbox value={value as string} onChange={(v: string) => v !== '' && onChange(v as T)} disabled={disabled} name={name} invalid={invalid}>
      <ListboxButton aria-label={ariaLabel} className={cx(listboxButtonClasses(invalid), className)}>
        <span className={cx('truncate', !chosen && 'text-neutral-500')}>{chosen?.label ?? placeholder}</span>
        <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
      </ListboxButton>
      <SelectOptions options={options} />
    </Listbox>
  );
}
