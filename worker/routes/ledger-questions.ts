/**
 * Ledger questions REST. Thin: parse, call worker/domain/ledger-questions, answer.
 *
 * - `GET /`               → `{docs: ApiLedgerQuestion[], totalDocs}`, newest first. Residents get their own questions;
 *                         board and superadmin their HOA's.
 * - `POST /`              `{line_id, kind: waiver|dispute, message}` → 201 ApiLedgerQuestion. About one's own line only
 *                         (403 otherwise, 404 for a line one may not see); a waiver is of a late fee, a dispute of a
 *                         charge, late fee or fine (400); one open question per line (409). The board is mailed.
 * - `GET /:id`            → ApiLedgerQuestion (404 "Question not found.").
 * - `POST /:id/messages`  `{message}` → 201 ApiLedgerQuestion (with the message).
 * - `PUT /:id/status`     `{status: granted|declined, reason}` (reason ≤ 500) → ApiLedgerQuestion. Board and superadmin;
 *                         once (409 after an answer). Granting a waiver of a late fee waives it (a waiver line on the
 *                         ledger, the invoice's fee 0). The resident is mailed.
 *
 * ApiLedgerQuestion: `_id, kind, status, line_id{_id, kind, amount_cents, description, occurred_at, invoice_id},
 * user_id{_id, name, email}, messages[{_id, user_id{_id, name, is_staff}, message, is_public, created_at}],
 * history[{_id, action, user_id{_id, name, is_staff}, timestamp}], createdAt, updatedAt, version`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { answerSchema, askSchema, LEDGER_QUESTION_MESSAGES, ledgerQuestionPolicy, questionMessageSchema } from '../../schema/ledger-questions';
import * as questions from '../domain/ledger-questions';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const board = allow(ledgerQuestionPolicy.mayAnswer, LEDGER_QUESTION_MESSAGES.boardOnly);

export const ledgerQuestionRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json(await questions.listLedgerQuestions(c.var.deps.database.db, c.var.actor)))
  .post('/', validate('json', askSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => questions.askAboutLine(deps, tx, actor, c.req.valid('json')));
    return c.json(await questions.getLedgerQuestion(deps.database.db, actor, row.id), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await questions.getLedgerQuestion(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .post('/:id/messages', validate('param', idParam), validate('json', questionMessageSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => questions.addLedgerQuestionMessage(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await questions.getLedgerQuestion(deps.database.db, actor, id), 201);
  })
  .put('/:id/status', validate('param', idParam), board, validate('json', answerSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => questions.answerLedgerQuestion(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await questions.getLedgerQuestion(deps.database.db, actor, id));
  });
