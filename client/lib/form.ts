import type { z } from 'zod';
import { errorsByField, zodIssuesToErrors } from '../../schema/validation';
import { ApiError } from './api';

export type FieldErrors = Record<string, string>;

/** Validates form values with a shared schema from schema/; errors keyed by field, first message each. */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: errorsByField(zodIssuesToErrors(result.error.issues)) };
}

/** Field errors from a 400 answer, to show under the inputs they belong to. */
export function serverFieldErrors(e: unknown): FieldErrors {
  return e instanceof ApiError ? errorsByField(e.errors) : {};
}
