/**
 * Ledger questions: a resident asks for a waiver of a late fee or disputes a charge from a line of
 * their statement; the board is mailed, answers once with a reason (granting a waiver waives the fee),
 * and the resident is mailed. The same through REST and the sync push; another HOA's answers 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_QUESTION_HISTORY, LEDGER_QUESTION_MESSAGES } from '../../schema/ledger-questions';
import { emailOutbox, ledgerLines } from '../../schema/tables';
import type { SyncedLedgerQuestion } from '../../sync/areas/ledger-questions';
import { renderTemplate } from '../../worker/emails/templates';
import { mapleWorld, type MapleWorld } from '../helpers/money';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';

let w: MapleWorld;
beforeEach(async () => {
  w = await mapleWorld();
});
afterEach(() => w.close());

/** Rita's invoice of an $80 pool fee with its $25 late fee added: its charge and fee lines. */
const lateInvoice = () => w.lateFeeAdded({ title: 'Pool fee', amount: 80 });
const ask = (body: Record<string, unknown>, token = w.rita.token) => call(w.t, 'POST', '/api/ledger-questions', { token, body });
const answer = (id: string, body: Record<string, unknown>, token = w.board) => call(w.t, 'PUT', `/api/ledger-questions/${id}/status`, { token, body });
const mailsTo = async (template: string) => (await w.t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, template))).map((m) => m.toEmail);

describe('asking about a line', () => {
  it('a waiver of a late fee: the board is mailed, grants it with a reason, the fee is waived and the resident mailed', async () => {
    const { invoiceId, fee } = await lateInvoice();
    const asked = await ask({ line_id: fee, kind: 'waiver', message: '<p>I was in hospital.</p>' });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ kind: 'waiver', status: 'open', line_id: { _id: fee, kind: 'late_fee', amount_cents: 2_500 }, user_id: { _id: w.rita.id } });
    expect(asked.json.messages.map((m: { message: string }) => m.message)).toEqual(['<p>I was in hospital.</p>']);
    expect(await mailsTo('ledger-question-asked')).toEqual(expect.arrayContaining([DEMO.maple.board]));
    expect(await mailsTo('ledger-question-asked')).not.toContain(DEMO.maple.resident);
    // One open question per line.
    expect(await ask({ line_id: fee, kind: 'dispute', message: '<p>Again</p>' })).toMatchObject({ status: 409, json: { message: LEDGER_QUESTION_MESSAGES.alreadyOpen } });

    const id = asked.json._id;
    const reply = await call(w.t, 'POST', `/api/ledger-questions/${id}/messages`, { token: w.board, body: { message: '<p>Sorry to hear it.</p>' } });
    expect(reply.status).toBe(201);
    expect(reply.json.messages).toHaveLength(2);
    expect(reply.json.messages[1].user_id).toMatchObject({ is_staff: true });

    expect((await answer(id, { status: 'granted', reason: 'Hospital stay' }, w.rita.token)).status).toBe(403);
    expect((await answer(id, { status: 'granted', reason: '' })).json.errors).toEqual([{ path: 'reason', msg: LEDGER_QUESTION_MESSAGES.reasonRequired }]);
    const granted = await answer(id, { status: 'granted', reason: 'Hospital stay' });
    expect(granted.status).toBe(200);
    expect(granted.json.status).toBe('granted');
    expect(granted.json.history.at(-1)).toMatchObject({ action: LEDGER_QUESTION_HISTORY.answered('granted', 'Hospital stay') });
    expect((await call(w.t, 'GET', `/api/invoices/${invoiceId}`, { token: w.rita.token })).json.late_fee_cents).toBe(0);
    const [waiver] = await w.t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, invoiceId), eq(ledgerLines.kind, 'waiver')));
    expect(waiver).toMatchObject({ amountCents: -2_500, relatedLineId: fee, reason: 'Hospital stay' });
    expect(await mailsTo('ledger-question-answered')).toEqual([DEMO.maple.resident]);
    expect((await answer(id, { status: 'declined', reason: 'Changed my mind' })).status).toBe(409);
  });

  it('a dispute of a charge is declined with a reason and changes nothing on the ledger', async () => {
    const { invoiceId, charge } = await lateInvoice();
    const asked = await ask({ line_id: charge, kind: 'dispute', message: '<p>I do not use the pool.</p>' });
    expect(asked.status).toBe(201);
    const declined = await answer(asked.json._id, { status: 'declined', reason: 'Every member pays it' });
    expect(declined.json.status).toBe('declined');
    expect((await call(w.t, 'GET', `/api/invoices/${invoiceId}`, { token: w.board })).json.late_fee_cents).toBe(2_500);
  });

  it('refuses a waiver of a charge, another’s line, and hides questions across residents and HOAs', async () => {
    const { charge, fee } = await lateInvoice();
    expect((await ask({ line_id: charge, kind: 'waiver', message: '<p>Please</p>' })).json.errors).toEqual([{ path: 'kind', msg: LEDGER_QUESTION_MESSAGES.notAskable.waiver }]);
    expect((await ask({ line_id: fee, kind: 'waiver', message: '<p>Mine?</p>' }, w.board)).status).toBe(403);
    const ray = (await login(w.t, DEMO.maple.resident2)).token;
    expect((await ask({ line_id: fee, kind: 'waiver', message: '<p>Mine?</p>' }, ray)).status).toBe(404);

    const asked = await ask({ line_id: fee, kind: 'waiver', message: '<p>Please</p>' });
    const id = asked.json._id;
    expect((await call(w.t, 'GET', `/api/ledger-questions/${id}`, { token: ray })).status).toBe(404);
    expect((await call(w.t, 'GET', '/api/ledger-questions', { token: ray })).json.docs).toEqual([]);
    expect((await call(w.t, 'GET', '/api/ledger-questions', { token: w.board })).json.docs.map((q: { _id: string }) => q._id)).toContain(id);
    const cedar = (await login(w.t, DEMO.cedar.board)).token;
    expect((await call(w.t, 'GET', `/api/ledger-questions/${id}`, { token: cedar })).status).toBe(404);
    expect((await answer(id, { status: 'granted', reason: 'No' }, cedar)).status).toBe(404);
    expect((await call(w.t, 'POST', `/api/ledger-questions/${id}/messages`, { token: cedar, body: { message: '<p>Hi</p>' } })).status).toBe(404);
  });

  it('the mutators ask and write as REST does', async () => {
    const { fee } = await lateInvoice();
    const client = new SyncTestClient(w.t, w.rita.token);
    await client.pull();
    const id = crypto.randomUUID();
    await client.push([
      client.mutation('askAboutLine', { id, messageId: crypto.randomUUID(), line_id: fee, kind: 'waiver', message: '<p>Offline ask</p>' }),
      client.mutation('addLedgerQuestionMessage', { id: crypto.randomUUID(), questionId: id, message: '<p>And more</p>' }),
    ]);
    await client.pull();
    const mine = client.values<SyncedLedgerQuestion>('ledgerQuestion/').find((q) => q.id === id)!;
    expect(mine).toMatchObject({ kind: 'waiver', status: 'open', line: { id: fee, kind: 'late_fee', amountCents: 2_500 } });
    expect(mine.messages.map((m) => m.message)).toEqual(['<p>Offline ask</p>', '<p>And more</p>']);
    const rest = await call(w.t, 'GET', `/api/ledger-questions/${id}`, { token: w.rita.token });
    expect(rest.json.messages.map((m: { _id: string }) => m._id)).toEqual(mine.messages.map((m) => m.id));
    expect(rest.json.history.map((h: { action: string }) => h.action)).toEqual(mine.history.map((h) => h.action));
  });

  it('the mails render what they are about', async () => {
    const asked = await renderTemplate('ledger-question-asked', {
      hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', kindLabel: 'Waiver request', lineDescription: 'Late fee: Pool fee', amountCents: 2_500, messagePlain: 'I was away.', url: 'http://x/questions/1',
    });
    expect(asked.subject).toBe('Waiver request: Late fee: Pool fee');
    expect(asked.text).toContain('$25.00');
    const answered = await renderTemplate('ledger-question-answered', {
      hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', kindLabel: 'Waiver request', lineDescription: 'Late fee: Pool fee', statusLabel: 'Granted', reason: 'First time', url: 'http://x/questions/1',
    });
    expect(answered.subject).toBe('Waiver request granted: Late fee: Pool fee');
    expect(answered.text).toContain('First time');
  });
});
