import { createContext, forwardRef, useContext, useId, useMemo, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { EyeIcon, EyeOffIcon } from './icons';

const control =
  'block w-full rounded-md border bg-white px-3 text-[15px] text-neutral-900 shadow-card placeholder:text-neutral-400 ' +
  'focus:outline-2 focus:outline-offset-0 disabled:bg-neutral-100 disabled:text-neutral-500';
const controlState = (invalid: boolean) =>
  invalid ? 'border-danger-600 focus:outline-danger-600' : 'border-neutral-300 focus:border-accent-600 focus:outline-accent-600';
/** The look of a form control, for controls that are not an input (a listbox button). */
const controlClasses = (invalid = false) => cx(control, controlState(invalid));
/** The button of a closed listbox: the look of every other control, with its chevron. */
export const listboxButtonClasses = (invalid = false) => cx(controlClasses(invalid), 'flex h-10 items-center justify-between gap-2 text-left');

export interface FieldProps {
  label: ReactNode;
  /** Inline error shown under the control in red; also marks the control invalid. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** The red asterisk after a required field's label; screen readers get `required` from the control. */
export function RequiredMark() {
  return (
    <span className="text-danger-600" aria-hidden="true">
      {' '}*
    </span>
  );
}

/** The ids a Field gives its control: its own, its label's, and its hint's or error's when shown. */
export interface FieldIds {
  controlId: string;
  labelId: string;
  describedBy: string | undefined;
}

const InField = createContext<FieldIds | null>(null);
/** The surrounding Field's ids: null outside one. */
export const useFieldIds = () => useContext(InField);

/**
 * Label above, control, then hint or inline error; the label names the control (`for`) and the hint
 * or error describes it. Plain elements tied by React's ids: a form paints many fields, and Headless
 * UI's Field, Label and Input (each label registering itself and rendering its field again, each
 * input tracking focus and hover) cost more than the rest of a form's first render.
 */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  // Whether a note shows, not the note: a hint is often an element made anew on each render.
  const noted = !!(error || hint);
  const ids = useMemo<FieldIds>(() => ({ controlId: `${id}control`, labelId: `${id}label`, describedBy: noted ? `${id}note` : undefined }), [id, noted]);
  return (
    <div className={cx('[&>*+*:not([hidden])]:mt-1.5', className)}>
      <label id={ids.labelId} htmlFor={ids.controlId} className="block text-sm font-medium text-neutral-800">
        {label}
        {required && <RequiredMark />}
      </label>
      <InField.Provider value={ids}>{children}</InField.Provider>
      {hint && !error && (
        <p id={ids.describedBy} className="text-sm text-neutral-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.describedBy} className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The attributes that tie a control to its Field (none outside one; the caller's own win). Put after
 * the props a Headless UI control passes (`as` this control), which name and describe nothing, since
 * its own Field is not there.
 */
function fieldAttributes(field: FieldIds | null, own: { id?: string; 'aria-describedby'?: string }) {
  return field ? { id: own.id ?? field.controlId, 'aria-describedby': own['aria-describedby'] ?? field.describedBy } : {};
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid = false, className, ...rest }, ref) {
  const field = useFieldIds();
  return <input ref={ref} aria-invalid={invalid || undefined} className={cx(control, 'h-10', controlState(invalid), className)} {...rest} {...fieldAttributes(field, rest)} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }>(function Textarea(
  { invalid = false, className, ...rest },
  ref,
) {
  const field = useFieldIds();
  return <textarea ref={ref} aria-invalid={invalid || undefined} className={cx(control, 'min-h-24 py-2', controlState(invalid), className)} {...rest} {...fieldAttributes(field, rest)} />;
});

/**
 * A listbox's button in a Field (its stand-in, or Headless UI's ListboxButton rendered `as` this):
 * the Field's control, named by the label and then the shown value `shownId`, as a closed select
 * reads, unless it has a name of its own (`aria-label`); described by the hint or error.
 */
export const FieldButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { shownId: string }>(function FieldButton({ shownId, ...rest }, ref) {
  const field = useFieldIds();
  const named = field && !rest['aria-label'] ? { 'aria-labelledby': `${field.labelId} ${shownId}` } : {};
  return <button ref={ref} {...rest} {...fieldAttributes(field, rest)} {...named} />;
});

/** A password input with a show/hide toggle (reset, activation, signup and change-password forms). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function PasswordInput({ className, ...rest }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cx('pr-11', className)} {...rest} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-neutral-500 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-600"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
});
