import { useId, useState, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { FieldButton, listboxButtonClasses, useFieldIds } from './Field';
import { cx } from './cx';
import { pressedBy } from './first-press';
import { ChevronDownIcon } from './icons';
import type { SelectOption } from './options';

export { optionsOf, type SelectOption } from './options';

/**
 * A closed listbox's button until it is first pressed (client/ui/first-press.ts): the same look, name
 * and state. The Field's control, named by its label and then the shown value (`FieldButton`), as
 * the listbox button is, and described by its hint or error. `invalid` only colours it, as the
 * listbox's button (the Field's error describes it). `hidden` is the value a form submits, as the
 * listbox would. In a Field only (the caller checks `useFieldIds`).
 */
export function ListboxStandIn(props: {
  /** The shown value (the listbox button's text). */
  shown: ReactNode;
  shownClassName: string;
  /** Called once the listbox's chunk is there (a first press waits for it, the stand-in focused meanwhile: `pressedBy`). */
  onPress: () => void;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  hidden?: { name: string; value: string };
}) {
  const { shown, shownClassName, onPress, invalid = false, disabled, className, hidden } = props;
  const shownId = useId();
  return (
    <>
      <FieldButton
        shownId={shownId}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={false}
        disabled={disabled}
        className={cx(listboxButtonClasses(invalid), className)}
        {...pressedBy(onPress, OpenedListbox)}
      >
        <span id={shownId} className={shownClassName}>
          {shown}
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
      </FieldButton>
      {hidden && <input type="hidden" name={hidden.name} value={hidden.value} />}
    </>
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
  const inField = useFieldIds() !== null;
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
    <OpenedListbox.Select
      options={options}
      value={value}
      onChange={(v) => onChange(v as T)}
      opened={pressed}
      invalid={invalid}
      disabled={disabled}
      name={name}
      className={className}
      aria-label={ariaLabel}
      shown={shown}
      shownClassName={shownClassName}
    />
  );
}

type ListboxModule = typeof import('./OpenedListbox');
/** The listboxes' chunk (client/ui/OpenedListbox.tsx), loaded once a stand-in is headed for or pressed. */
export const OpenedListbox = {
  Select: lazyComponent<Parameters<ListboxModule['OpenedSelect']>[0], ListboxModule>(() => import('./OpenedListbox'), 'OpenedSelect'),
  MultiSelect: lazyComponent<Parameters<ListboxModule['OpenedMultiSelect']>[0], ListboxModule>(() => import('./OpenedListbox'), 'OpenedMultiSelect'),
  // One chunk holds both (ControlChunk, client/ui/first-press.ts).
  preload: () => Promise.all([OpenedListbox.Select.preload(), OpenedListbox.MultiSelect.preload()]),
  isLoaded: () => OpenedListbox.Select.isLoaded() && OpenedListbox.MultiSelect.isLoaded(),
};
