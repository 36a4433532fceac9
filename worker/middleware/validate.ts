import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { zodIssuesToErrors } from '../../schema/validation';
import { badRequest } from '../domain/errors';

/**
 * zValidator with the API's error shape: 400 `{message, errors:[{path,msg}]}`,
 * where message is the first field message (so clients that show only `message` still say why).
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const errors = zodIssuesToErrors(result.error.issues);
      throw badRequest(errors[0]?.msg ?? 'Invalid request', errors);
    }
  });
