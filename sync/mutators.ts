/**
 * Mutators, defined once: the name, the zod schema of the arguments, and the client's optimistic
 * change. The server side (sync/server/push.ts) maps each name to its domain function; the
 * optimistic change only predicts what that function will do, the server's answer wins on pull.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { announcementKey, announcementReadKey, noticeKey, type SyncedAnnouncement, type SyncedAnnouncementRead } from './keys';

const rowId = z.string().trim().min(1, 'Id is required').max(64, 'Id is too long');

export const mutatorArgs = {
  markAnnouncementRead: z.object({ id: rowId }),
  dismissNotice: z.object({ id: rowId }),
} as const;

export type MutatorName = keyof typeof mutatorArgs;

/** What each change is called in a rejection notice ("Mark announcement as read was not saved"). */
export const MUTATOR_LABELS: Record<MutatorName, string> = {
  markAnnouncementRead: 'Mark announcement as read',
  dismissNotice: 'Dismiss notice',
};
export type MutatorArgs<N extends MutatorName> = z.infer<(typeof mutatorArgs)[N]>;
export const MUTATOR_NAMES = Object.keys(mutatorArgs) as MutatorName[];
export const isMutatorName = (name: string): name is MutatorName => Object.hasOwn(mutatorArgs, name);

/** Short, log-safe description of a mutation's arguments for rejection notices. */
export function summarizeArgs(args: unknown, max = 200): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? 'null';
  } catch {
    text = String(args);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Client-side (optimistic) implementations, registered with Replicache under the same names. */
export const clientMutators = {
  async markAnnouncementRead(tx: WriteTransaction, input: MutatorArgs<'markAnnouncementRead'>) {
    const { id } = mutatorArgs.markAnnouncementRead.parse(input);
    if (await tx.has(announcementReadKey(id))) return;
    const announcement = (await tx.get(announcementKey(id))) as SyncedAnnouncement | undefined;
    // Same rule as the server: drafts are not marked read.
    if (!announcement || announcement.status === 'draft') return;
    const marker: SyncedAnnouncementRead = { announcementId: id, readAt: Date.now() };
    await tx.set(announcementReadKey(id), { ...marker });
  },
  async dismissNotice(tx: WriteTransaction, input: MutatorArgs<'dismissNotice'>) {
    const { id } = mutatorArgs.dismissNotice.parse(input);
    await tx.del(noticeKey(id));
  },
} satisfies { [N in MutatorName]: (tx: WriteTransaction, args: MutatorArgs<N>) => Promise<void> };

export type ClientMutators = typeof clientMutators;
