import { Input as HInput, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { controlClasses, useInField } from './Field';
import { anchorAt } from './anchor';
import { cx } from './cx';
import { pressedBy, useOpenedOnMount } from './first-press';
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

/**
 * A closed listbox's button until it is first pressed (client/ui/first-press.ts): the same look, name
 * and state. Headless UI's Input rendered as a button takes the Field's ids as the listbox's button
 * does, so the Field's label names it and its hint or error describes it; its shown value is a
 * second label of the Field, so the name is the label and then the value, as the listbox button's
 * is. `invalid` only colours it, as the listbox's button (the Field's error describes it).
 * `hidden` is the value a form submits, as the listbox would. In a Field only (the caller checks
 * `useInField`).
 */
export function ListboxStandIn(props: {
  /** The shown value (the listbox button's text). */
  shown: ReactNode;
  shownClassName: string;
  onPress: () => void;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  hidden?: { name: string; value: string };
}) {
  const { shown, shownClassName, onPress, invalid = false, disabled, className, hidden } = props;
  return (
    <>
      <HInput
        as="button"
        type="button"
        aria-haspopup="listbox"
        aria-expanded={false}
        disabled={disabled}
        className={cx(listboxButtonClasses(invalid), className)}
        {...pressedBy(onPress)}
      >
        <Label as="span" passive className={shownClassName}>
          {shown}
        </Label>
        <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
      </HInput>
      {hidden && <input type="hidden" name={hidden.name} value={hidden.value} />}
    </>
  );
}

/** A listbox's button; `opened`: mounted once its stand-in was pressed, so it takes the focus and opens. */
export function ShownListboxButton(props: { shown: ReactNode; shownClassName: string; opened: boolean; className?: string; 'aria-label'?: string }) {
  const ref = useOpenedOnMount<HTMLButtonElement>(props.opened);
  return (
    <ListboxButton ref={ref} aria-label={props['aria-label']} className={props.className}>
      <span className={props.shownClassName}>{props.shown}</span>
      <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
    </ListboxButton>
  );
}

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
 * which once marked an invoice Paid by a slip). Labelled by the surrounding Field. A plain button
 * until first pressed (`ListboxStandIn`): a form or a filter bar paints several, seldom all opened.
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
  const [pressed, setPressed] = useState(false);
  const inField = useInField();
  // Outside a Field (named by aria-label) there is no label to share: the listbox from the start.
  const standIn = !pressed && inField && !ariaLabel;
  const chosen = options.find((o) => o.value === value);
  const shown = chosen?.label ?? placeholder;
  const shownClassName = cx('truncate', !chosen && 'text-neutral-500');
  if (standIn) {
    const hidden = name === undefined ? undefined : { name, value };
    return (
      <ListboxStandIn
        shown={shown}
        shownClassName={shownClassName}
        onPress={() => setPressed(true)}
        invalid={invalid}
        disabled={disabled}
        className={className}
        hidden={hidden}
      />
    );
  }
  return (
    <Listbox value={value as string} onChange={(v: string) => v !== '' && onChange(v as T)} disabled={disabled} name={name} invalid={invalid}>
      <ShownListboxButton shown={shown} shownClassName={shownClassName} opened={pressed} aria-label={ariaLabel} className={cx(listboxButtonClasses(invalid), className)} />
      <SelectOptions options={options} />
    </Listbox>
  );
}
