import { useId } from 'react';
import { cx } from './cx';

interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

// Plain elements named by a <label for>: the kit's shared chunk loads on every screen, and Headless
// UI's Switch and Checkbox brought its focus and hover tracking to every first paint.
const labelTone = (disabled: boolean | undefined) => (disabled ? 'text-neutral-500' : 'text-neutral-800');

/** An on/off choice with its label (role "switch"): a setting that turns something on. */
export function Switch({ label, checked, onChange, disabled, className }: ToggleProps) {
  const id = useId();
  return (
    <div className={cx('flex items-center justify-between gap-4', className)}>
      <label htmlFor={id} className={cx('text-sm font-medium', labelTone(disabled))}>
        {label}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-neutral-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:cursor-not-allowed disabled:opacity-50 aria-checked:bg-accent-700"
      >
        <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5" />
      </button>
    </div>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({ label, checked, onChange, disabled, className }: ToggleProps) {
  const id = useId();
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <span className="relative flex size-5 shrink-0">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          className="peer size-5 cursor-pointer appearance-none rounded border border-neutral-400 bg-white checked:border-accent-700 checked:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <svg viewBox="0 0 14 14" fill="none" aria-hidden="true" className="pointer-events-none absolute inset-0 m-auto size-3.5 stroke-white opacity-0 peer-checked:opacity-100">
          <path d="M3 8l3 3 5-7" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <label htmlFor={id} className={cx('text-sm', labelTone(disabled))}>
        {label}
      </label>
    </div>
  );
}
