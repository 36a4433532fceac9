import { z } from 'zod';
import { lazy } from './lazy';

/** The API's validation error shape, also used by forms to place messages under fields. */
export interface FieldError {
  path: string;
  msg: string;
}

export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), msg: i.message }));
}

/** First message per field, for inline form errors. */
export function errorsByField(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (!(e.path in out)) out[e.path] = e.msg;
  return out;
}

/** `page` and `limit` of a list query (at most 100 a page); bad values fall back to the defaults. */
export function pageFields(defaultLimit: number) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit).catch(defaultLimit),
  };
}

/** A comma-joined list of enum values (list filters such as `category=A,B`); an unknown value is a 400. */
export function commaList<T extends string>(values: readonly T[], message: string) {
  return z
    .string()
    .max(500)
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? '').split(',').map((p) => p.trim()).filter(Boolean);
      const bad = parts.find((p) => !(values as readonly string[]).includes(p));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message });
      return [...new Set(parts)] as T[];
    });
}

/**
 * A required line of text (a title): trimmed, not blank, at most `max` characters. A body far over the
 * limit stops at the first check, before trimming.
 */
export const requiredText = (messages: { required: string; tooLong: string }, max: number) =>
  z
    .string({ error: messages.required })
    .max(max * 4, { error: messages.tooLong, abort: true })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong);

/** Optional plain text (notes): left out stays undefined (unchanged), blank or null clears (null). */
export const optionalText = (tooLong: string, max: number) =>
  z
    .string({ error: tooLong })
    .max(max * 4, { error: tooLong, abort: true })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A storage key from the area's `presigned-url`; blank means none. */
export const storageKeyField = lazy(() => z
  .string()
  .trim()
  .max(600)
  .nullish()
  .transform((v) => v || null));
