/**
 * Pinning: the board keeps an announcement at the top of /announcements, in any status (a draft's
 * pin is also chosen in its form). The role first (403), then the row (404 for another HOA's).
 */
import { and, eq } from 'drizzle-orm';
import { announcements } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { boardRow } from './drafts';
import type { AnnouncementRow } from './read';
import { announcementRows } from './sync';

/** Pins or unpins; the same value again changes nothing (no new version for the clients to pull). */
export async function pinAnnouncement(deps: AppDeps, tx: Tx, actor: Actor, id: string, pinned: boolean): Promise<AnnouncementRow> {
  const current = await boardRow(tx, actor, id);
  if (current.pinned === pinned) return current;
  const [row] = await announcementRows.update(deps, tx, and(eq(announcements.id, current.id), eq(announcements.hoaId, actor.hoaId))!, { pinned });
  return row ?? current;
}
