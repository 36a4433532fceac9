/**
 * Headless UI's listbox, in a chunk of its own. Select and MultiSelect are a plain stand-in until
 * first pressed (client/ui/first-press.ts), so the listbox and the floating anchor it brings
 * (@floating-ui, most of Headless UI's bytes) load when a user heads for one, not with every screen
 * (docs/decisions/264-popups-load-when-wanted.md).
 */
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useId, type ReactNode } from 'react';
import { anchorAt } from './anchor';
import { cx } from './cx';
import { useOpenedOnMount } from './first-press';
import { CheckIcon, ChevronDownIcon } from './icons';
import { FieldButton, listboxButtonClasses, useFieldIds } from './Field';
import type { SelectOption } from './options';

/** A listbox's button; `opened`: mounted once its stand-in was pressed, so it takes the focus and opens. */
function ShownListboxButton(props: { shown: ReactNode; shownClassName: string; opened: boolean; className?: string; 'aria-label'?: string }) {
  const ref = useOpenedOnMount<HTMLButtonElement>(props.opened);
  const shownId = useId();
  // The Field's control id given to Headless UI itself, which ties its options to the button by it.
  return (
    <ListboxButton as={FieldButton} shownId={shownId} id={useFieldIds()?.controlId} ref={ref} aria-label={props['aria-label']} className={props.className}>
      <span id={shownId} className={props.shownClassName}>
        {props.shown}
      </span>
      <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
    </ListboxButton>
  );
}

/** The open list under a listbox button (single and multiple choice alike). */
function SelectOptions({ options }: { options: readonly SelectOption[] }) {
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
/** What the closed listbox shows, as its stand-in showed it. */
interface Shown {
  shown: ReactNode;
  shownClassName: string;
}

/** Select's listbox (single choice); `opened`: its stand-in was pressed, so it opens as it mounts. */
export function OpenedSelect(props: Shown & {
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  opened: boolean;
  invalid?: boolean;
  disabled?: boolean;
  name?: string;
  className?: string;
  'aria-label'?: string;
}) {
  const { options, value, onChange, opened, invalid = false, disabled, name, className } = props;
  return (
    <Listbox value={value} onChange={(v: string) => v !== '' && onChange(v)} disabled={disabled} name={name} invalid={invalid}>
      <ShownListboxButton shown={props.shown} shownClassName={props.shownClassName} opened={opened} aria-label={props['aria-label']} className={cx(listboxButtonClasses(invalid), className)} />
      <SelectOptions options={options} />
    </Listbox>
  );
}

/** MultiSelect's listbox, mounted once pressed: it opens as it mounts and stays open while values are toggled. */
export function OpenedMultiSelect({ options, value, onChange, shown, shownClassName }: Shown & { options: readonly SelectOption[]; value: readonly string[]; onChange: (value: string[]) => void }) {
  return (
    <Listbox value={[...value]} onChange={onChange} multiple>
      <ShownListboxButton shown={shown} shownClassName={shownClassName} opened className={listboxButtonClasses()} />
      <SelectOptions options={options} />
    </Listbox>
  );
}
