import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { loadZod } from './deferred-zod';
import { serverFieldErrors, validateForm, type FieldErrors } from './form';

/** The field errors of one submit, with the values they were found in. */
interface Judged {
  values: object;
  errors: FieldErrors;
  /** The server's (a 400's `errors`) rather than the schema's. */
  fromServer: boolean;
}

const fieldOf = (path: string) => path.split(/[.[]/)[0];
const valueOf = (values: object, field: string) => (values as Record<string, unknown>)[field];

/**
 * The errors of the last submit that still describe `values`: a field's error goes once
 * that field is edited, and a schema error also once the schema no longer finds it
 * ('Passwords do not match' after the password was corrected). The next submit judges afresh.
 */
export function currentErrors(schema: z.ZodType, judged: Judged | null, values: object): FieldErrors {
  if (!judged) return {};
  const fields = Object.keys(judged.errors).map(fieldOf);
  const edited = (field: string) => !Object.is(valueOf(values, field), valueOf(judged.values, field));
  const anyEdited = Object.keys({ ...judged.values, ...values }).some(edited);
  if (!anyEdited) return judged.errors;
  const now = judged.fromServer ? null : validateForm(schema, values);
  const out: FieldErrors = {};
  Object.entries(judged.errors).forEach(([path, message], i) => {
    if (edited(fields[i])) return;
    if (now && (now.ok || now.errors[path] !== message)) return;
    out[path] = message;
  });
  return out;
}

/**
 * The submit cycle every form shares: validate `values` with the shared schema (inline errors), run
 * the call while busy, then place a 400's field errors under their inputs or show one message in the
 * red alert. `onValid` may return a message to show instead of throwing. The inline errors shown are
 * those that still describe the values (`currentErrors`).
 */
export function useFormSubmit<S extends z.ZodType>(schema: S, values: object, onValid: (data: z.infer<S>) => Promise<string | void>, failureMessage: (error: unknown) => string) {
  const [judged, setJudged] = useState<Judged | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(submitted: object) {
    setError(null);
    await loadZod();
    const form = validateForm(schema, submitted);
    setJudged(form.ok ? null : { values: submitted, errors: form.errors, fromServer: false });
    if (!form.ok) return;
    setBusy(true);
    try {
      const message = await onValid(form.data);
      if (message) setError(message);
    } catch (e) {
      const fieldErrors = serverFieldErrors(e);
      if (Object.keys(fieldErrors).length > 0) setJudged({ values: submitted, errors: fieldErrors, fromServer: true });
      else setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  }

  /** `<form onSubmit={onSubmit}>` */
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(values);
  };

  return { errors: currentErrors(schema, judged, values), error, busy, onSubmit };
}
