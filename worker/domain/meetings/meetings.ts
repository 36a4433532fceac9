/**
 * Scheduling a meeting and moving it through its statuses: create and edit (while a draft), Publish
 * Agenda (mails the residents of an open meeting, the board of a board-only one), Start, Adjourn.
 * Board and superadmin only (403 first), then the meeting through `visibleMeetings` (404 for another
 * HOA's), then the state (409).
 */
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { MEETING_MESSAGES, meetingPolicy, meetingWhen, type AgendaItemInput, type MeetingForm } from '../../../schema/meetings';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { meetingItems, meetings, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { meetingAgendaEmail } from '../../emails';
import { queueEmails } from '../../services/email';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, invalidField } from '../errors';
import { LINK_ACTIONS } from './links';
import { agendaOf, getVisibleMeeting, requireBoard, type MeetingRow } from './rows';
import { meetingIs, meetingItemRows, meetingRows } from './sync';
import { hoaNameOf } from '../hoa-name';

/** The agenda's items: the linked rows checked in the HOA (400 on the item's link), ids kept or made. */
async function writeItems(deps: AppDeps, tx: Tx, actor: Actor, meetingId: string, items: readonly AgendaItemInput[]) {
  const current = await agendaOf(tx, { hoaId: actor.hoaId, id: meetingId });
  const ids = items.map((i) => i.id ?? newId());
  for (const [position, item] of items.entries()) {
    let linkLabel: string | null = null;
    if (item.link_kind && item.link_id) {
      linkLabel = item.link_kind === 'minutes' && item.link_id === meetingId ? null : await LINK_ACTIONS[item.link_kind].find(tx, actor, item.link_id);
      if (!linkLabel) throw invalidField(`items.${position}.link_id`, MEETING_MESSAGES.linkNotFound);
    }
    const values = { position, title: item.title, description: item.description ?? null, linkKind: item.link_kind, linkId: item.link_id, linkLabel, removedAt: null };
    const id = ids[position];
    const mine = current.find((c) => c.id === id);
    if (mine) await meetingItemRows.update(deps, tx, and(eq(meetingItems.hoaId, actor.hoaId), eq(meetingItems.id, id))!, values);
    else {
      const [taken] = await tx.select({ id: meetingItems.id }).from(meetingItems).where(eq(meetingItems.id, id)).limit(1);
      if (taken) throw conflict(MEETING_MESSAGES.idTaken);
      await meetingItemRows.insert(deps, tx, { id, hoaId: actor.hoaId, meetingId, ...values });
    }
  }
  const gone = and(eq(meetingItems.hoaId, actor.hoaId), eq(meetingItems.meetingId, meetingId), isNull(meetingItems.removedAt), notInArray(meetingItems.id, ids))!;
  await meetingItemRows.update(deps, tx, gone, { removedAt: deps.clock() });
}

const fieldsOf = (input: MeetingForm) => ({ title: input.title, date: input.date, time: input.time, place: input.place, videoLink: input.video_link, access: input.access });

/** Schedules a draft; `id` comes from the client for offline work (the mutator), REST leaves it out. */
export async function createMeeting(deps: AppDeps, tx: Tx, actor: Actor, input: MeetingForm & { id?: string }): Promise<MeetingRow> {
  requireBoard(actor);
  const id = input.id ?? newId();
  if (input.id) {
    const [taken] = await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, id)).limit(1);
    if (taken) throw conflict(MEETING_MESSAGES.idTaken);
  }
  const now = deps.clock();
  const [row] = await meetingRows.insert(deps, tx, { id, hoaId: actor.hoaId, ...fieldsOf(input), status: 'draft', minutesStatus: 'none', createdBy: actor.userId, createdAt: now, updatedAt: now });
  await writeItems(deps, tx, actor, id, input.items);
  return row;
}

/** Edits a draft: its fields and its agenda (items left out are removed). 409 once published. */
export async function updateMeeting(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: MeetingForm): Promise<MeetingRow> {
  requireBoard(actor);
  const current = await getVisibleMeeting(tx, actor, id);
  if (!meetingPolicy.isEditable(current)) throw conflict(MEETING_MESSAGES.notDraft);
  const [row] = await meetingRows.update(deps, tx, meetingIs(current.hoaId, id), { ...fieldsOf(input), updatedAt: deps.clock() });
  await writeItems(deps, tx, actor, id, input.items);
  return row;
}

/** Who receives the agenda: every active resident of an open meeting's HOA, or its board for a board-only one. */
function recipientsOf(tx: Tx, m: MeetingRow) {
  const roles = m.access === 'open' ? (['resident'] as const) : PRIVILEGED_ROLES;
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.hoaId, m.hoaId), eq(users.status, 'active'), inArray(users.role, [...roles]), isNull(users.deletedAt)));
}

/** Publish Agenda: draft → scheduled, one outbox mail per recipient; the items are sent to residents' caches. */
export async function publishAgenda(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<MeetingRow> {
  requireBoard(actor);
  const current = await getVisibleMeeting(tx, actor, id);
  if (!meetingPolicy.isEditable(current)) throw conflict(MEETING_MESSAGES.notDraft);
  const now = deps.clock();
  const [row] = await meetingRows.update(deps, tx, meetingIs(current.hoaId, id), { status: 'scheduled', publishedAt: now, updatedAt: now });
  // Their visibility follows the meeting's: a new version sends them to whoever may now see them.
  await meetingItemRows.touch(deps, tx, and(eq(meetingItems.hoaId, row.hoaId), eq(meetingItems.meetingId, row.id))!);
  const hoaName = await hoaNameOf(tx, row.hoaId);
  const items = await agendaOf(tx, row);
  const mail = meetingAgendaEmail({
    hoaName: hoaName,
    title: row.title,
    when: meetingWhen(row),
    place: row.place,
    videoLink: row.videoLink,
    items: items.map((i) => ({ title: i.title, description: i.description })),
    url: `${deps.config.appUrl}/meetings/${row.id}`,
  });
  const ref = `meeting:${row.id}`;
  await queueEmails(deps, tx, (await recipientsOf(tx, row)).map((r) => ({ hoaId: row.hoaId, to: r.email, toUserId: r.id, ref, ...mail })));
  return row;
}

/** Start (scheduled → in progress) and Adjourn (in progress → adjourned); the current status again changes nothing. */
export async function moveMeeting(deps: AppDeps, tx: Tx, actor: Actor, id: string, to: 'in_progress' | 'adjourned'): Promise<MeetingRow> {
  requireBoard(actor);
  const current = await getVisibleMeeting(tx, actor, id);
  if (current.status === to) return current;
  const may = to === 'in_progress' ? meetingPolicy.mayStart(current) : meetingPolicy.mayRecord(current);
  if (!may) throw conflict(to === 'in_progress' ? MEETING_MESSAGES.notScheduled : MEETING_MESSAGES.notInProgress);
  const [row] = await meetingRows.update(deps, tx, meetingIs(current.hoaId, id), { status: to, updatedAt: deps.clock() });
  return row;
}
