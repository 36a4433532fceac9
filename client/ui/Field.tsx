import { Description, Field as HField, Input as HInput, Label, Textarea as HTextarea } from '@headlessui/react';
import { createContext, forwardRef, useContext, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { EyeIcon, EyeOffIcon } from './icons';

const control =
  'block w-full rounded-md border bg-white px-3 text-[15px] text-neutral-900 shadow-card placeholder:text-neutral-400 ' +
  'focus:outline-2 focus:outline-offset-0 data-disabled:bg-neutral-100 data-disabled:text-neutral-500';
const controlState = (invalid: boolean) =>
  invalid ? 'border-danger-600 focus:outline-danger-600' : 'border-neutral-300 focus:border-accent-600 focus:outline-accent-600';
/** The look of a form control, for controls that are not an input (a listbox button). */
export const controlClasses = (invalid = false) => cx(control, controlState(invalid));
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

const InField = createContext(false);
/** Whether the control is in a Field, whose label and hint Headless UI ties to it. */
export const useInField = () => useContext(InField);

/** Label above, control, then hint or inline error. Headless UI ties label, hint and control by id. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  return (
    // Not space-y: Headless UI's Field ends in a hidden element, which would add a gap under the control.
    <HField className={cx('[&>*+*:not([hidden])]:mt-1.5', className)}>
      <Label className="block text-sm font-medium text-neutral-800">
        {label}
        {required && <RequiredMark />}
      </Label>
      <InField.Provider value={true}>{children}</InField.Provider>
      {hint && !error && <Description className="text-sm text-neutral-500">{hint}</Description>}
      {error && (
        <Description className="text-sm text-danger-700" role="alert">
          {error}
        </Description>
      )}
    </HField>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid = false, className, ...rest }, ref) {
  return <HInput ref={ref} invalid={invalid} className={cx(control, 'h-10', controlState(invalid), className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }>(function Textarea(
  { invalid = false, className, ...rest },
  ref,
) {
  return <HTextarea ref={ref} invalid={invalid} className={cx(control, 'min-h-24 py-2', controlState(invalid), className)} {...rest} />;
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
