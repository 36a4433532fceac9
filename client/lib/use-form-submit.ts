import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { serverFieldErrors, validateForm, type FieldErrors } from './form';

/**
 * The submit cycle every form shares: validate with the shared schema (inline errors), run the
 * call while busy, then place a 400's field errors under their inputs or show one message in the
 * red alert. `onValid` may return a message to show instead of throwing.
 */
export function useFormSubmit<S extends z.ZodType>(schema: S, onValid: (data: z.infer<S>) => Promise<string | void>, failureMessage: (error: unknown) => string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: unknown) {
    setError(null);
    const form = validateForm(schema, values);
    setErrors(form.ok ? {} : form.errors);
    if (!form.ok) return;
    setBusy(true);
    try {
      const message = await onValid(form.data);
      if (message) setError(message);
    } catch (e) {
      const fieldErrors = serverFieldErrors(e);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  }

  /** `<form onSubmit={onSubmit(values)}>` */
  const onSubmit = (values: unknown) => (e: FormEvent) => {
    e.preventDefault();
    void submit(values);
  };

  return { errors, error, busy, onSubmit };
}
