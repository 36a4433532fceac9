import { z } from 'zod';

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
