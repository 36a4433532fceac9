import { Checkbox as HCheckbox, Field as HField, Label, Switch as HSwitch } from '@headlessui/react';
import { cx } from './cx';

interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/** An on/off choice with its label (role "switch"): a setting that turns something on. */
export function Switch({ label, checked, onChange, disabled, className }: ToggleProps) {
  return (
    <HField disabled={disabled} className={cx('flex items-center justify-between gap-4', className)}>
      <Label className="text-sm font-medium text-neutral-800 data-disabled:text-neutral-500">{label}</Label>
      <HSwitch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-neutral-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 data-checked:bg-accent-700 data-disabled:cursor-not-allowed data-disabled:opacity-50"
      >
        <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5" />
      </HSwitch>
    </HField>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({ label, checked, onChange, disabled, className }: ToggleProps) {
  return (
    <HField disabled={disabled} className={cx('flex items-center gap-3', className)}>
      <HCheckbox
        checked={checked}
        onChange={onChange}
        className="group flex size-5 shrink-0 cursor-pointer items-center justify-center rounded border border-neutral-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 data-checked:border-accent-700 data-checked:bg-accent-700 data-disabled:cursor-not-allowed data-disabled:opacity-50"
      >
        <svg viewBox="0 0 14 14" fill="none" aria-hidden="true" className="size-3.5 stroke-white opacity-0 group-data-checked:opacity-100">
          <path d="M3 8l3 3 5-7" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </HCheckbox>
      <Label className="text-sm text-neutral-800 data-disabled:text-neutral-500">{label}</Label>
    </HField>
  );
}
