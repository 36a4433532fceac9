/**
 * The form cycle of forms that write through a Replicache mutator (so they work offline): values,
 * inline errors from the shared zod schema (the one the server and the mutator use) under the form
 * field each schema path belongs to, an optional step before the mutation (uploading a chosen file,
 * exactly once), the mutation, and a form-level error next to the buttons.
 */
import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { loadZod } from './deferred-zod';
import { validateForm } from './form';
import { useReplicache, type HoaReplicache } from './replicache';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

/** Schema path (its first segment, e.g. `audience_type`) → the form field it is shown under. */
export type FieldMap<V> = Readonly<Record<string, keyof V>>;

export type FormCheck<V, Out> = { ok: true; data: Out } | { ok: false; errors: FormErrors<V>; formError: string | null };

/** Checks `input` with `schema`: the first message per field; a path of no field becomes the form-level error. */
export function checkForm<V, S extends z.ZodType>(schema: S, input: unknown, fieldOf: FieldMap<V>): FormCheck<V, z.output<S>> {
  const result = validateForm(schema, input);
  if (result.ok) return { ok: true, data: result.data };
  const errors: FormErrors<V> = {};
  let formError: string | null = null;
  for (const [path, message] of Object.entries(result.errors)) {
    const field = fieldOf[path.split('.')[0]];
    if (field === undefined) formError ??= message;
    else errors[field] ??= message;
  }
  return { ok: false, errors, formError };
}

const firstError = <V>(errors: FormErrors<V>) => (Object.values(errors) as (string | undefined)[]).find(Boolean);

export interface SyncedFormOptions<V, S extends z.ZodType> {
  initial: V;
  schema: S;
  /** The form's values as the schema's input (the wire shape). */
  toInput: (values: V) => unknown;
  fieldOf: FieldMap<V>;
  /**
   * Work between the checks and the mutation, e.g. uploading a chosen file. Its result is merged
   * into the values at once, so a mutation that fails afterwards does not run it again (return
   * `{ attachment, file: null }`). Its errors show as the form-level error, as thrown.
   */
  before?: (values: V) => Promise<Partial<V> | void>;
  mutate: (rep: HoaReplicache, data: z.output<S>) => Promise<void>;
  /** The form-level error when the mutation fails ("Failed to create announcement"). */
  failureMessage: string;
  /** After the mutation (navigate away). The form stays busy: the screen is leaving. */
  onSaved: (data: z.output<S>) => void;
}

export function useSyncedForm<V extends object, S extends z.ZodType>(options: SyncedFormOptions<V, S>) {
  const { schema, toInput, fieldOf, before, mutate, failureMessage, onSaved } = options;
  const rep = useReplicache();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Changes several values at once and clears the errors of the fields named in `clear`. */
  const update = useCallback((change: (v: V) => V, clear: readonly (keyof V)[]) => {
    setValues(change);
    setErrors((e) => {
      if (!clear.some((k) => k in e)) return e;
      const rest = { ...e };
      for (const k of clear) delete rest[k];
      return rest;
    });
  }, []);

  /** Sets one value and clears its error. Stable, so editors may keep it from their first render. */
  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => update((v) => ({ ...v, [field]: value }), [field]), [update]);

  async function submit() {
    setFormError(null);
    await loadZod();
    const first = checkForm<V, S>(schema, toInput(values), fieldOf);
    setErrors(first.ok ? {} : first.errors);
    if (!first.ok) {
      setFormError(first.formError);
      return;
    }
    setBusy(true);
    try {
      let data = first.data;
      const patch = before ? await before(values) : undefined;
      if (patch) {
        setValues((v) => ({ ...v, ...patch }));
        const again = checkForm<V, S>(schema, toInput({ ...values, ...patch }), fieldOf);
        if (!again.ok) throw new Error(again.formError ?? firstError(again.errors) ?? failureMessage);
        data = again.data;
      }
      if (!rep) throw new Error(failureMessage);
      try {
        await mutate(rep, data);
      } catch (e) {
        throw new Error(failureMessage, { cause: e });
      }
      onSaved(data);
    } catch (e) {
      setFormError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return { values, set, update, errors, formError, busy, onSubmit };
}
