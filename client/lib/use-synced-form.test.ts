import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkForm } from './use-synced-form';

const schema = z.object({ due_title: z.string().trim().min(1, 'Please enter a title.'), amount: z.number().positive('Please enter a valid amount.'), meta: z.object({ ref: z.string() }) });
const fields = { due_title: 'title', amount: 'amount' } as const;

describe('checkForm', () => {
  it('puts each schema path under its form field, the first message each; paths of no field become the form error', () => {
    expect(checkForm<{ title: string; amount: number }, typeof schema>(schema, { due_title: ' ', amount: 0, meta: {} }, fields)).toEqual({
      ok: false,
      errors: { title: 'Please enter a title.', amount: 'Please enter a valid amount.' },
      formError: 'Invalid input: expected string, received undefined',
    });
  });

  it("gives the schema's output when the values pass", () => {
    expect(checkForm(schema, { due_title: ' Dues ', amount: 5, meta: { ref: 'r' } }, fields)).toEqual({ ok: true, data: { due_title: 'Dues', amount: 5, meta: { ref: 'r' } } });
  });
});
