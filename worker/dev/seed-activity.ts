/**
 * A demo trail for both HOAs: a few dozen entries over the last four months, made from the rows the
 * other seeders wrote (its members invited and activated, a role change and a move, its dues,
 * documents, violations and invoices, a settings change), by its superadmin and board, from a handful
 * of devices. Runs last, once every area has seeded.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { addressLabel } from '../../schema/addresses';
import { formatUsd } from '../../schema/money';
import { ROLE_LABELS } from '../../schema/users';
import { activity, addresses, documents, dues, invoices, users, violations } from '../../schema/tables';
import type { Tx } from '../db';
import { activityRow, type ActivityEntry } from '../domain/activity/record';
import type { AreaSeeder, SeededHoa } from './seed-kit';

const DAY = 86_400_000;
const DEVICES = ['Chrome on Windows', 'Safari on iPhone', 'Chrome on Android', 'Safari on Mac', 'Firefox on Windows'];

type Entry = ActivityEntry & { daysAgo: number; by: { id: string; name: string } };

async function entriesOf(tx: Tx, hoa: SeededHoa, now: number): Promise<Entry[]> {
  const people = await tx.select().from(users).where(and(eq(users.hoaId, hoa.id), isNull(users.deletedAt))).orderBy(asc(users.createdAt), asc(users.email));
  const owner = people.find((p) => p.role === 'superadmin')!;
  const board = people.find((p) => p.role === 'board') ?? owner;
  const by = (u: typeof owner) => ({ id: u.id, name: u.name });
  const out: Entry[] = [];
  const residents = people.filter((p) => p.role === 'resident');
  const place = new Map((await tx.select().from(addresses).where(eq(addresses.hoaId, hoa.id))).map((a) => [a.id, addressLabel({ street: a.street, unit_number: a.unitNumber })]));

  // People: each resident invited when their account was made, then activated; the first moved in, one board member promoted.
  residents.slice(0, 8).forEach((r) => {
    const invited = Math.max(4, Math.round((now - r.createdAt) / DAY));
    out.push({ daysAgo: invited, by: by(owner), action: 'user.invited', summary: `Invited ${r.email} as Resident`, entity: 'user', entityId: r.id, subjectUserId: r.id, after: { email: r.email, role: 'resident', status: 'invited' } });
    if (r.status === 'active') out.push({ daysAgo: invited - 2, by: by(r), action: 'user.activated', summary: `${r.name} activated their account`, entity: 'user', entityId: r.id, subjectUserId: r.id, before: { status: 'invited' }, after: { status: 'active' } });
    if (r === residents[0] && r.addressId) {
      out.push({ daysAgo: invited - 3, by: by(board), action: 'user.address_assigned', summary: `Assigned ${r.name} to ${place.get(r.addressId)}`, entity: 'user', entityId: r.id, subjectUserId: r.id, before: { address: null }, after: { address: place.get(r.addressId) } });
    }
  });
  if (board !== owner) {
    out.push({ daysAgo: 110, by: by(owner), action: 'user.role_changed', summary: `Changed ${board.name}'s role from ${ROLE_LABELS.resident} to ${ROLE_LABELS.board}`, entity: 'user', entityId: board.id, subjectUserId: board.id, before: { role: 'resident' }, after: { role: 'board' } });
  }

  // Money: the dues created, a payment marked by hand.
  const dueRows = await tx.select().from(dues).where(eq(dues.hoaId, hoa.id)).orderBy(asc(dues.createdAt)).limit(4);
  dueRows.forEach((d, i) =>
    out.push({ daysAgo: 100 - i * 9, by: by(board), action: 'due.created', summary: `Created the due "${d.title}" of ${formatUsd(d.amountCents)}`, entity: 'due', entityId: d.id, after: { title: d.title, amount_cents: d.amountCents, frequency: d.frequency } }),
  );
  if (dueRows[0]) {
    out.push({ daysAgo: 60, by: by(owner), action: 'due.edited', summary: `Edited the due "${dueRows[0].title}"`, entity: 'due', entityId: dueRows[0].id, before: { due_date_offset: 10 }, after: { due_date_offset: dueRows[0].dueDateOffset } });
  }
  const paid = await tx.select().from(invoices).where(and(eq(invoices.hoaId, hoa.id), eq(invoices.status, 'paid'))).orderBy(asc(invoices.createdAt)).limit(3);
  paid.forEach((v, i) =>
    out.push({ daysAgo: 45 - i * 7, by: by(board), action: 'invoice.status_set', summary: `Set the invoice "${v.title}" from Pending to Paid (Check)`, entity: 'invoice', entityId: v.id, before: { status: 'pending', payment_method: null }, after: { status: 'paid', payment_method: 'check' } }),
  );

  // Documents and violations as they were filed.
  const docs = await tx.select().from(documents).where(and(eq(documents.hoaId, hoa.id), isNull(documents.deletedAt))).orderBy(asc(documents.createdAt)).limit(5);
  docs.forEach((d, i) =>
    out.push({ daysAgo: 90 - i * 11, by: by(i % 2 ? board : owner), action: 'document.uploaded', summary: `Uploaded the document "${d.title}" (${d.fileName})`, entity: 'document', entityId: d.id, after: { title: d.title, category: d.category, is_public: d.isPublic } }),
  );
  if (docs[1]) out.push({ daysAgo: 30, by: by(board), action: 'document.edited', summary: `Edited the document "${docs[1].title}"`, entity: 'document', entityId: docs[1].id, before: { is_public: !docs[1].isPublic }, after: { is_public: docs[1].isPublic } });
  const cases = await tx.select().from(violations).where(eq(violations.hoaId, hoa.id)).orderBy(asc(violations.createdAt)).limit(5);
  cases.forEach((v, i) => {
    out.push({ daysAgo: 70 - i * 10, by: by(board), action: 'violation.created', summary: `Issued the violation "${v.title}"`, entity: 'violation', entityId: v.id, after: { title: v.title, category: v.category, status: 'open' } });
    if (v.status === 'resolved') out.push({ daysAgo: 62 - i * 10, by: by(board), action: 'violation.resolved', summary: `Resolved the violation "${v.title}"`, entity: 'violation', entityId: v.id, before: { status: 'open' }, after: { status: 'resolved' } });
  });

  out.push({ daysAgo: 115, by: by(owner), action: 'settings.time_zone', summary: "Changed the HOA's time zone to America/Chicago", entity: 'hoa', entityId: hoa.id, before: { time_zone: 'America/New_York' }, after: { time_zone: 'America/Chicago' } });
  out.push({ daysAgo: 20, by: by(owner), action: 'settings.processing_fees', summary: 'Changed card processing fees to absorbed by the HOA', entity: 'hoa', entityId: hoa.id, before: { processing_fees: 'passed_on' }, after: { processing_fees: 'absorbed' } });
  return out;
}

export const seedActivity: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const entries = await entriesOf(tx, hoa, opts.now);
    for (const [i, e] of entries.entries()) {
      const at = opts.now - e.daysAgo * DAY - ((i * 37) % 600) * 60_000;
      const origin = { hoaId: hoa.id, at: Math.min(at, opts.now - 60_000), actorId: e.by.id, actorName: e.by.name, device: DEVICES[i % DEVICES.length], clientGroupId: null };
      await tx.insert(activity).values(activityRow(origin, e));
    }
  }
};
