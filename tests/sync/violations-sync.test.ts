/**
 * Violations through sync: who receives which violation, that a resident never receives an internal
 * message or its history line, that the pulled value and the REST answer say the same for every role,
 * that the mutators do through the push what REST does (applied once, mail once, refusals as notices:
 * the offline inspection walk), fines and hearings through the push (a letter once however often
 * pushed, one fine line), and the optimistic values the client shows before the server answers.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, ledgerLines, users, violations } from '../../schema/tables';
import { DEFAULT_FINE_SCHEDULE, FINE_MESSAGES } from '../../schema/violation-fines';
import { THREAD_MESSAGES } from '../../schema/threads';
import { VIOLATION_MESSAGES } from '../../schema/violations';
import { noticeKey, type SyncedNotice } from '../../sync/areas/notices';
import { noticeTitle } from '../../sync/mutators';
import { violationKey, type SyncedViolation } from '../../sync/areas/violations';
import { updateUser } from '../../worker/domain/users';
import { zonedToday } from '../../schema/days';
import { toApiViolation, violationRef } from '../../worker/domain/violations';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { localCaches } from '../helpers/replicache';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const DAY = 86_400_000;
async function clientFor(app: TestApp, email: string) {
  const session = await login(app, email);
  return Object.assign(new SyncTestClient(app, session.token), { user: session.user as { _id: string; name: string; role: 'resident' | 'board' | 'superadmin' } });
}
const violationsOf = (c: SyncTestClient) => c.values<SyncedViolation>('violation/');
const userIdOf = async (email: string) => (await t!.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const issuing = (userId: string, over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  user_id: userId,
  category: 'Trash' as const,
  title: 'Bins at the curb',
  message: '<p>Please store the bins.</p>',
  due_date: new Date(t!.clock() + 5 * DAY).toISOString().slice(0, 10),
  photo_url: null,
  ...over,
});
const mailOf = async (id: string) => t!.deps.database.db.select({ to: emailOutbox.toEmail, subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.ref, violationRef(id)));

describe('violations pulled', () => {
  it('residents receive the violations issued to them, the board its HOA, no one another HOA', async () => {
    t = await createTestApp();
    const [rita, ray, ben, cedar] = await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.cedar.superadmin].map((e) => clientFor(t!, e)));
    for (const c of [rita, ray, ben, cedar]) await c.pull();
    expect(violationsOf(rita).length).toBeGreaterThan(0);
    expect(violationsOf(rita).every((v) => v.resident.id === rita.user._id)).toBe(true);
    expect(violationsOf(ray).every((v) => v.resident.id === ray.user._id)).toBe(true);
    // The board: every violation of its HOA (Rita's, Ray's and the neighbours'), no more.
    const [{ hoaId }] = await t.deps.database.db.select({ hoaId: users.hoaId }).from(users).where(eq(users.id, ben.user._id));
    const mapleRows = await t.deps.database.db.select({ id: violations.id }).from(violations).where(eq(violations.hoaId, hoaId));
    expect(violationsOf(ben).map((v) => v.id).sort()).toEqual(mapleRows.map((v) => v.id).sort());
    for (const v of [...violationsOf(rita), ...violationsOf(ray)]) expect(violationsOf(ben).some((b) => b.id === v.id)).toBe(true);
    const mapleIds = new Set(violationsOf(ben).map((v) => v.id));
    expect(violationsOf(cedar).length).toBeGreaterThan(0);
    expect(violationsOf(cedar).some((v) => mapleIds.has(v.id))).toBe(false);
  });

  it('an internal note reaches the board and never the resident, by incremental or full pull', async () => {
    t = await createTestApp();
    const [rita, ben] = await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => clientFor(t!, e)));
    const id = crypto.randomUUID();
    await ben.push([ben.mutation('issueViolation', issuing(rita.user._id, { id }))]);
    await rita.pull();
    await ben.pull();
    await ben.push([
      ben.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: id, message: '<p>Neighbour complained twice.</p>', is_internal: true }),
      ben.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: id, message: '<p>Thanks for moving them.</p>', is_internal: false }),
    ]);
    await rita.pull();
    await ben.pull();
    const forBen = ben.data.get(violationKey(id)) as SyncedViolation;
    expect(forBen.messages.map((m) => m.isPublic)).toEqual([false, true]);
    const forRita = rita.data.get(violationKey(id)) as SyncedViolation;
    expect(forRita.messages).toEqual([{ id: forBen.messages[1].id, author: { id: ben.user._id, name: 'Ben Board', isStaff: true }, message: '<p>Thanks for moving them.</p>', isPublic: true, attachment: null, createdAt: t.clock() }]);
    expect(forRita.history.map((h) => h.action)).toEqual(['Violation issued', 'Message added']);
    expect(JSON.stringify(rita.lastPatch)).not.toContain('complained');
    const fresh = new SyncTestClient(t, rita.token);
    await fresh.pull();
    expect(fresh.data.get(violationKey(id))).toEqual(forRita);
    // And the seeded internal notes never reached her either.
    expect(JSON.stringify([...fresh.data.values()])).not.toContain('escalating to the full board');
  });

  it('the pulled value and the REST answer say the same, for every role', async () => {
    t = await createTestApp();
    const ben = await clientFor(t, DEMO.maple.board);
    const ritaId = await userIdOf(DEMO.maple.resident);
    const up = await call(t, 'POST', '/api/violations/presigned-url', { token: ben.token, body: { fileName: 'bins.png', fileType: 'image/png', fileSize: 99 } });
    const issued = await call(t, 'POST', '/api/violations', { token: ben.token, body: { ...issuing(ritaId), id: undefined, photo_url: up.json.s3Key } });
    await call(t, 'POST', `/api/violations/${issued.json._id}/messages`, { token: ben.token, body: { message: '<p>internal</p>', is_internal: true } });
    await call(t, 'POST', `/api/violations/${issued.json._id}/messages`, { token: ben.token, body: { message: '<p>public</p>' } });
    await call(t, 'PUT', `/api/violations/${issued.json._id}/status`, { token: ben.token, body: { status: 'resolved', resolution_notes: 'Done' } });

    for (const email of [DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.resident]) {
      const c = await clientFor(t, email);
      await c.pull();
      const rest = (await call(t, 'GET', '/api/violations?limit=100', { token: c.token })).json;
      expect(rest.totalDocs).toBe(violationsOf(c).length);
      const pulled = Object.fromEntries(violationsOf(c).map((v) => [v.id, toApiViolation(v, zonedToday(t!.clock(), 'America/Chicago'))]));
      expect({ email, docs: Object.fromEntries(rest.docs.map((d: { _id: string }) => [d._id, d])) }).toEqual({ email, docs: pulled });
      for (const id of Object.keys(pulled).slice(0, 3)) expect((await call(t, 'GET', `/api/violations/${id}`, { token: c.token })).json).toEqual(pulled[id]);
    }
  });

  it('a renamed resident, issuer or author reaches every client holding a violation that shows them', async () => {
    t = await createTestApp();
    const [rita, ray] = await Promise.all([DEMO.maple.resident, DEMO.maple.resident2].map((e) => clientFor(t!, e)));
    await rita.pull();
    await ray.pull();
    const oliviaId = await userIdOf(DEMO.maple.superadmin);
    await t.write((tx) => updateUser(t!.deps, tx, { id: oliviaId, hoaId: rita.hoaId }, { name: 'Olivia O.' }));
    await t.write((tx) => updateUser(t!.deps, tx, { id: ray.user._id, hoaId: rita.hoaId }, { name: 'Raymond Resident' }));
    await rita.pull();
    await ray.pull();
    const shed = violationsOf(rita).find((v) => v.title === 'Shed built without approval')!;
    expect(shed.issuedBy.name).toBe('Olivia O.');
    expect(shed.messages.every((m) => m.author.name === 'Olivia O.')).toBe(true);
    const lawn = violationsOf(ray).find((v) => v.title === 'Overgrown front lawn')!;
    expect(lawn.resident.name).toBe('Raymond Resident');
    expect(lawn.messages[0].author.name).toBe('Raymond Resident');
  });
});

describe('violations pushed (the offline inspection walk)', () => {
  it('two violations issued, a status changed and a message written offline, pushed on reconnect: each applied once, one notice mail per violation', async () => {
    t = await createTestApp();
    const [ben, rita] = await Promise.all([DEMO.maple.board, DEMO.maple.resident].map((e) => clientFor(t!, e)));
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const shown = { by: { id: ben.user._id, name: 'Ben Board', role: 'board' as const } };
    const walk = [
      ben.mutation('issueViolation', issuing(rita.user._id, { id: a, shown })),
      ben.mutation('issueViolation', issuing(rita.user._id, { id: b, title: 'Boat in the driveway', category: 'Parking', shown })),
      ben.mutation('setViolationStatus', { id: a, status: 'under_review', shown }),
      ben.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: b, message: '<p>Seen on the <script>x</script>walk.</p>', is_internal: false, shown }),
    ];
    expect((await ben.push(walk)).status).toBe(200);
    // The answer was lost: the same mutations again apply nothing twice.
    expect((await ben.push(walk)).status).toBe(200);
    await rita.pull();
    const va = rita.data.get(violationKey(a)) as SyncedViolation;
    const vb = rita.data.get(violationKey(b)) as SyncedViolation;
    expect(va.history.map((h) => h.action)).toEqual(['Violation issued', 'Status changed from Open to Under Review']);
    expect(vb.messages.map((m) => m.message)).toEqual(['<p>Seen on the walk.</p>']);
    expect((await mailOf(a)).map((m) => m.subject)).toEqual(['Compliance notice: Bins at the curb', 'Violation update: Bins at the curb']);
    expect((await mailOf(b)).map((m) => m.subject)).toEqual(['Compliance notice: Boat in the driveway', 'Violation update: Boat in the driveway']);
    // The same status pushed again changes nothing and mails nothing.
    await ben.push([ben.mutation('setViolationStatus', { id: a, status: 'under_review' })]);
    expect(await mailOf(a)).toHaveLength(2);
  });

  it('refused changes become notices with the reason: board work by a resident, a past due date, a taken id, an empty message, an internal note by a resident', async () => {
    t = await createTestApp();
    const [rita, ben] = await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => clientFor(t!, e)));
    await rita.pull();
    const mine = violationsOf(rita)[0];
    await rita.push([
      rita.mutation('setViolationStatus', { id: mine.id, status: 'dismissed' }),
      rita.mutation('issueViolation', issuing(rita.user._id)),
      rita.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: mine.id, message: '<img src=x>', is_internal: false }),
      rita.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: mine.id, message: '<p>internal?</p>', is_internal: true }),
    ]);
    await ben.push([
      ben.mutation('issueViolation', issuing(rita.user._id, { due_date: new Date(t.clock() - 3 * DAY).toISOString().slice(0, 10) })),
      ben.mutation('issueViolation', issuing(rita.user._id, { id: mine.id })),
    ]);
    await rita.pull();
    await ben.pull();
    const noticesOf = (c: SyncTestClient) => c.values<{ mutationName: string; message: string }>('notice/').map((n) => [n.mutationName, n.message]);
    expect(noticesOf(rita).sort()).toEqual(
      [
        ['setViolationStatus', VIOLATION_MESSAGES.boardOnly],
        ['issueViolation', VIOLATION_MESSAGES.boardOnly],
        ['addViolationMessage', THREAD_MESSAGES.empty],
        ['addViolationMessage', THREAD_MESSAGES.internalBoardOnly],
      ].sort(),
    );
    expect(noticesOf(ben).sort()).toEqual(
      [
        ['issueViolation', VIOLATION_MESSAGES.dueDatePast],
        ['issueViolation', VIOLATION_MESSAGES.idTaken],
      ].sort(),
    );
    expect((rita.data.get(violationKey(mine.id)) as SyncedViolation).status).toBe(mine.status);
    expect(rita.keys('notice/').every((k) => k.startsWith(noticeKey('')))).toBe(true);
  });

  it('violations issued offline to a resident another board member deactivated meanwhile are refused, each notice naming its violation; the rest of the push applies', async () => {
    t = await createTestApp();
    const ben = await clientFor(t, DEMO.maple.board);
    const grace = await userIdOf('grace.hall@maplegrove.test');
    const rita = await userIdOf(DEMO.maple.resident);
    const tom = await login(t, 'tom.becker@maplegrove.test');
    const deactivated = await call(t, 'PUT', `/api/users/${grace}`, { token: tom.token, body: { name: 'Grace Hall', role: 'resident', status: 'inactive' } });
    expect(deactivated.status).toBe(200);
    const kept = issuing(rita, { title: 'Satellite dish on the roof' });
    const result = await ben.push([
      ben.mutation('issueViolation', issuing(grace, { title: 'Boat trailer on the lawn' })),
      ben.mutation('issueViolation', kept),
      ben.mutation('issueViolation', issuing(grace, { title: 'Bins at the curb' })),
    ]);
    expect(result.status).toBe(200);
    await ben.pull();
    const notices = ben.values<SyncedNotice>('notice/').map((n) => [n.mutationName, n.subject, n.message, n.repeats]);
    expect(notices.sort()).toEqual(
      [
        ['issueViolation', 'Bins at the curb', VIOLATION_MESSAGES.residentInvalid, 1],
        ['issueViolation', 'Boat trailer on the lawn', VIOLATION_MESSAGES.residentInvalid, 1],
      ].sort(),
    );
    expect(ben.values<SyncedNotice>('notice/').map(noticeTitle).sort()).toEqual(['Create violation \u201cBins at the curb\u201d was not saved', 'Create violation \u201cBoat trailer on the lawn\u201d was not saved']);
    expect(violationsOf(ben).filter((v) => v.resident.id === grace)).toEqual([]);
    expect(violationsOf(ben).find((v) => v.id === kept.id)?.title).toBe('Satellite dish on the roof');
    expect(await mailOf(kept.id)).toHaveLength(1);
  });
});

describe('violation mutators, optimistic', () => {
  const localCache = localCaches();
  const ben = { id: 'u-ben', name: 'Ben Board', email: 'ben@example.test', role: 'board' as const };
  const rita = { id: 'u-rita', name: 'Rita Resident', role: 'resident' as const };
  const form = (id: string) => ({
    id,
    user_id: 'u-rita',
    category: 'Noise' as const,
    title: 'Loud music',
    message: '<p>After 10 pm.</p>',
    due_date: '2026-12-05',
    photo_url: null,
  });

  it('issueViolation shows the violation at once: the chosen resident and address, the issuer, the photo name', async () => {
    const rep = localCache();
    await rep.mutate.issueViolation({
      ...form('vio-00001'),
      photo_url: 'hoa/h/violations/k-music.png',
      shown: { by: ben, resident: { name: 'Rita Resident', email: 'rita@example.test' }, address: { id: 'a1', street: '103 Maple Grove Lane', unitNumber: null }, attachment: { filename: 'music.png', fileSize: 10, fileType: 'png' } },
    });
    const value = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(value).toMatchObject({
      status: 'open',
      dueDate: Date.parse('2026-12-05T00:00:00Z'),
      resident: { id: 'u-rita', name: 'Rita Resident', email: 'rita@example.test' },
      address: { street: '103 Maple Grove Lane' },
      issuedBy: { id: 'u-ben', name: 'Ben Board', email: 'ben@example.test' },
      attachment: { s3Key: 'hoa/h/violations/k-music.png', filename: 'music.png' },
      resolution: null,
      history: [{ action: 'Violation issued', user: { id: 'u-ben', name: 'Ben Board', isStaff: true } }],
    });
    await expect(rep.mutate.issueViolation({ ...form('vio-00002'), user_id: '' })).rejects.toThrow(VIOLATION_MESSAGES.residentRequired);
    await expect(rep.mutate.issueViolation({ ...form('vio-00003'), due_date: '' })).rejects.toThrow(VIOLATION_MESSAGES.dueDateRequired);
  });

  it('status changes and resolving add their lines and the resolution card; leaving resolved clears it', async () => {
    const rep = localCache();
    await rep.mutate.issueViolation({ ...form('vio-00001'), shown: { by: ben } });
    await rep.mutate.setViolationStatus({ id: 'vio-00001', status: 'escalated', shown: { by: ben } });
    await rep.mutate.setViolationStatus({ id: 'vio-00001', status: 'escalated', shown: { by: ben } });
    await rep.mutate.setViolationStatus({ id: 'vio-00001', status: 'resolved', resolution_notes: 'Music stopped.', shown: { by: ben } });
    await expect(rep.mutate.setViolationStatus({ id: 'vio-00001', status: 'open', resolution_notes: 'x' })).rejects.toThrow(VIOLATION_MESSAGES.notesNeedResolved);
    let value = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(value.resolution).toMatchObject({ by: { id: 'u-ben', name: 'Ben Board' }, notes: 'Music stopped.' });
    expect(value.history.map((h) => h.action)).toEqual(['Violation issued', 'Status changed from Open to Escalated', 'Status changed from Escalated to Resolved', 'Resolution notes added']);
    await rep.mutate.setViolationStatus({ id: 'vio-00001', status: 'open', shown: { by: ben } });
    value = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect([value.status, value.resolution]).toEqual(['open', null]);
  });

  it('a message shows its author and file at once; a resident cannot predict an internal note', async () => {
    const rep = localCache();
    await rep.mutate.issueViolation({ ...form('vio-00001'), shown: { by: ben } });
    await rep.mutate.addViolationMessage({ id: 'msg-00001', violationId: 'vio-00001', message: '<p>Done</p>', is_internal: false, photo_url: 'k/after.png', shown: { by: rita, attachment: { filename: 'after.png', fileSize: 5, fileType: 'png' } } });
    await rep.mutate.addViolationMessage({ id: 'msg-00002', violationId: 'vio-00001', message: '<p>Secret</p>', is_internal: true, shown: { by: rita } });
    await rep.mutate.addViolationMessage({ id: 'msg-00003', violationId: 'vio-00001', message: '<p>Check Friday</p>', is_internal: true, shown: { by: ben } });
    const value = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(value.messages.map((m) => [m.id, m.author.name, m.isPublic, m.attachment?.filename ?? null])).toEqual([
      ['msg-00001', 'Rita Resident', true, 'after.png'],
      ['msg-00003', 'Ben Board', false, null],
    ]);
    expect(value.history.map((h) => h.action)).toEqual(['Violation issued', 'Message added', 'Internal note added']);
  });
});

// Fines and hearings: advancing offline applied once (one fine line), hearings, notices, REST parity, optimistic values.
describe('violation fines pushed', () => {
  it('the board advances offline to a fine: each letter once however often pushed, one fine line; the resident asks a hearing offline; refusals are notices', async () => {
    t = await createTestApp();
    const [ben, rita] = await Promise.all([DEMO.maple.board, DEMO.maple.resident].map((e) => clientFor(t!, e)));
    const id = crypto.randomUUID();
    const letters = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const by = { by: { id: ben.user._id, name: 'Ben Board', role: 'board' as const } };
    const walk = [
      ben.mutation('issueViolation', issuing(rita.user._id, { id })),
      ben.mutation('advanceViolation', { id: letters[0], violationId: id, from: 'reported', shown: by }),
      ben.mutation('advanceViolation', { id: letters[1], violationId: id, from: 'courtesy', shown: by }),
      ben.mutation('advanceViolation', { id: letters[2], violationId: id, from: 'warning', shown: by }),
    ];
    expect((await ben.push(walk)).status).toBe(200);
    // A second device replays the fine's letter, and a stale advance from the same stage: nothing more.
    const again = await clientFor(t, DEMO.maple.board);
    await again.push([again.mutation('advanceViolation', { id: letters[2], violationId: id, from: 'warning' }), again.mutation('advanceViolation', { id: crypto.randomUUID(), violationId: id, from: 'warning' })]);
    const lines = await t.deps.database.db.select({ kind: ledgerLines.kind, amount: ledgerLines.amountCents }).from(ledgerLines).where(eq(ledgerLines.violationId, id));
    expect(lines).toEqual([{ kind: 'fine', amount: 5_000 }]);

    await rita.pull();
    const forRita = rita.data.get(violationKey(id)) as SyncedViolation;
    expect(forRita).toMatchObject({ stage: 'fined', finedCents: 5_000, hearing: null });
    expect(forRita.letters.map((l) => [l.id, l.stage, l.fineCents])).toEqual([[letters[0], 'courtesy', 0], [letters[1], 'warning', 0], [letters[2], 'fined', 5_000]]);

    const hearingId = crypto.randomUUID();
    const me = { by: { id: rita.user._id, name: 'Rita Resident', role: 'resident' as const } };
    await rita.push([
      rita.mutation('requestViolationHearing', { id: hearingId, violationId: id, note: 'It was moved that night.', shown: me }),
      rita.mutation('requestViolationHearing', { id: crypto.randomUUID(), violationId: id, note: 'Twice?', shown: me }),
      rita.mutation('advanceViolation', { id: crypto.randomUUID(), violationId: id }),
    ]);
    await again.pull();
    await rita.pull();
    expect((again.data.get(violationKey(id)) as SyncedViolation).hearing).toMatchObject({ id: hearingId, note: 'It was moved that night.', decision: null });
    const noticesOf = (c: SyncTestClient) => c.values<{ mutationName: string; message: string }>('notice/').map((n) => [n.mutationName, n.message]);
    expect(noticesOf(rita).sort()).toEqual([['advanceViolation', FINE_MESSAGES.boardOnly], ['requestViolationHearing', FINE_MESSAGES.hearingTaken]].sort());
    expect(noticesOf(again)).toEqual([['advanceViolation', FINE_MESSAGES.stageMoved]]);

    // The pulled value and the REST answer say the same, for the resident and the board.
    for (const c of [rita, again]) {
      const pulled = c.data.get(violationKey(id)) as SyncedViolation;
      expect((await call(t, 'GET', `/api/violations/${id}`, { token: c.token })).json).toEqual(toApiViolation(pulled, zonedToday(t.clock(), 'America/Chicago')));
    }
  });
});

describe('violation fines, optimistic', () => {
  const localCache = localCaches();
  const ben = { id: 'u-ben', name: 'Ben Board', email: 'ben@example.test', role: 'board' as const };
  const rita = { id: 'u-rita', name: 'Rita Resident', role: 'resident' as const };

  it('advanceViolation shows each stage’s letter and the fine at once, skipping what the schedule leaves out; requestViolationHearing the hearing', async () => {
    const rep = localCache();
    const schedule = { ...DEFAULT_FINE_SCHEDULE, courtesyNotice: false };
    const form = { id: 'vio-00001', user_id: 'u-rita', category: 'Noise' as const, title: 'Loud music', message: '<p>After 10 pm.</p>', due_date: '2026-12-05', photo_url: null };
    await rep.mutate.issueViolation({ ...form, shown: { by: ben, schedule } });
    await rep.mutate.advanceViolation({ id: 'letter-0001', violationId: 'vio-00001', from: 'reported', shown: { by: ben } });
    await rep.mutate.advanceViolation({ id: 'letter-0002', violationId: 'vio-00001', from: 'warning', shown: { by: ben } });
    // Stale: the case is already fined.
    await rep.mutate.advanceViolation({ id: 'letter-0003', violationId: 'vio-00001', from: 'warning', shown: { by: ben } });
    const v = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(v).toMatchObject({ stage: 'fined', finedCents: 5_000 });
    expect(v.letters.map((l) => [l.stage, l.fineCents])).toEqual([['warning', 0], ['fined', 5_000]]);
    expect(v.nextFineAt).toBeGreaterThan(Date.now() + 13 * DAY);
    expect(v.history.map((h) => h.action).slice(1)).toEqual(['Warning letter sent', 'Fined letter sent', 'Fine of $50.00 posted']);
    await rep.mutate.requestViolationHearing({ id: 'hearing-0001', violationId: 'vio-00001', note: 'Please', shown: { by: rita } });
    const heard = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(heard.hearing).toMatchObject({ id: 'hearing-0001', note: 'Please', decision: null });
  });
});
