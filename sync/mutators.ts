/**
 * Mutators, defined once: the name, the zod schema of the arguments, and the client's optimistic
 * change. The server side (sync/server/push.ts) maps each name to its domain function; the
 * optimistic change only predicts what that function will do, the server's answer wins on pull.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { announcementFields, ANNOUNCEMENT_MESSAGES, canManageAnnouncements, type AnnouncementAttachmentInput } from '../schema/announcements';
import type { Role } from '../schema/roles';
import { announcementKey, announcementReadKey, noticeKey, type SyncedAnnouncement, type SyncedAnnouncementRead } from './keys';

const rowId = z.string().trim().min(1, 'Id is required').max(64, 'Id is too long');
/** Ids the client makes for new rows (crypto.randomUUID()); the server refuses anything else. */
const newRowId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Id is invalid');

/** Same rule as the forms: a custom audience needs a recipient (community §5). */
const withRecipients = <T extends { audience_type: string; custom_recipients: string[] }>(value: T, ctx: z.RefinementCtx) => {
  if (value.audience_type === 'custom' && value.custom_recipients.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['custom_recipients'], message: ANNOUNCEMENT_MESSAGES.recipientsRequired });
  }
};

export const mutatorArgs = {
  markAnnouncementRead: z.object({ id: rowId }),
  dismissNotice: z.object({ id: rowId }),
  /** A draft with a client-made id; the fields and messages are the create form's. */
  createAnnouncementDraft: z.object({ id: newRowId, ...announcementFields }).superRefine(withRecipients),
  /** Replaces the draft's fields (all of them, like PUT). */
  updateAnnouncementDraft: z.object({ id: rowId, ...announcementFields }).superRefine(withRecipients),
  /** Sends a draft now, or schedules it when `scheduled_at` (ISO) is in the future when the push arrives. */
  sendAnnouncement: z.object({
    id: rowId,
    scheduled_at: z.iso.datetime({ offset: true, error: ANNOUNCEMENT_MESSAGES.scheduledAtInvalid }).nullable().optional(),
  }),
} as const;

export type MutatorName = keyof typeof mutatorArgs;

/** What each change is called in a rejection notice ("Mark announcement as read was not saved"). */
export const MUTATOR_LABELS: Record<MutatorName, string> = {
  markAnnouncementRead: 'Mark announcement as read',
  dismissNotice: 'Dismiss notice',
  createAnnouncementDraft: 'Create announcement',
  updateAnnouncementDraft: 'Update announcement',
  sendAnnouncement: 'Send announcement',
};
/**
 * Who may run a mutator at all, from the area's policy. The push checks it before parsing the
 * arguments (a resident's megabyte of rich text is refused unread); the domain checks it again.
 */
export const MUTATOR_ALLOWED: Partial<Record<MutatorName, (role: Role) => boolean>> = {
  createAnnouncementDraft: canManageAnnouncements,
  updateAnnouncementDraft: canManageAnnouncements,
  sendAnnouncement: canManageAnnouncements,
};
export const MUTATOR_REFUSALS: Partial<Record<MutatorName, string>> = {
  createAnnouncementDraft: ANNOUNCEMENT_MESSAGES.boardOnly,
  updateAnnouncementDraft: ANNOUNCEMENT_MESSAGES.boardOnly,
  sendAnnouncement: ANNOUNCEMENT_MESSAGES.boardOnly,
};
export type MutatorArgs<N extends MutatorName> = z.infer<(typeof mutatorArgs)[N]>;
export const MUTATOR_NAMES = Object.keys(mutatorArgs) as MutatorName[];
export const isMutatorName = (name: string): name is MutatorName => Object.hasOwn(mutatorArgs, name);

/** Mutation arguments are small objects: deeper or bigger ones are refused before anything walks them. */
export const ARGS_MAX_DEPTH = 16;
export const ARGS_MAX_NODES = 20_000;

/**
 * Whether a JSON value stays within ARGS_MAX_DEPTH levels and ARGS_MAX_NODES values. Iterative (an
 * explicit stack), so a value nested 10,000 deep cannot overflow the call stack here.
 */
export function argsWithinBounds(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++nodes > ARGS_MAX_NODES) return false;
    if (v === null || typeof v !== 'object') continue;
    if (depth > ARGS_MAX_DEPTH) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Short, log-safe description of a mutation's arguments for rejection notices. */
export function summarizeArgs(args: unknown, max = 200): string {
  if (!argsWithinBounds(args)) return '(too large to show)';
  const text = JSON.stringify(args) ?? 'null';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const toSyncedAttachment = (a: AnnouncementAttachmentInput | null): SyncedAnnouncement['attachment'] =>
  a ? { s3Key: a.s3_key, filename: a.filename, fileSize: a.file_size, fileType: a.file_type } : null;

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
  /**
   * The draft appears in the cache at once. The server sanitises the message, checks the recipients
   * and the attachment key, and fills in the author; its version replaces this one on the next pull.
   */
  async createAnnouncementDraft(tx: WriteTransaction, input: MutatorArgs<'createAnnouncementDraft'>) {
    const args = mutatorArgs.createAnnouncementDraft.parse(input);
    if (await tx.has(announcementKey(args.id))) return;
    const now = Date.now();
    const custom = args.audience_type === 'custom' ? args.custom_recipients : [];
    const draft: SyncedAnnouncement = {
      id: args.id,
      title: args.title,
      message: args.message,
      category: args.category,
      status: 'draft',
      audienceType: args.audience_type,
      customRecipients: custom,
      attachment: toSyncedAttachment(args.attachment),
      deliveryMethods: ['in_app', 'email'],
      createdBy: null,
      totalRecipients: custom.length,
      deliveryCounts: null,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
      scheduledAt: null,
      version: 0,
    };
    await tx.set(announcementKey(args.id), { ...draft });
  },
  async updateAnnouncementDraft(tx: WriteTransaction, input: MutatorArgs<'updateAnnouncementDraft'>) {
    const args = mutatorArgs.updateAnnouncementDraft.parse(input);
    const current = (await tx.get(announcementKey(args.id))) as SyncedAnnouncement | undefined;
    // Same rule as the server: only drafts change (the server's refusal becomes a notice).
    if (!current || current.status !== 'draft') return;
    const custom = args.audience_type === 'custom' ? args.custom_recipients : [];
    const next: SyncedAnnouncement = {
      ...current,
      title: args.title,
      message: args.message,
      category: args.category,
      audienceType: args.audience_type,
      customRecipients: custom,
      attachment: toSyncedAttachment(args.attachment),
      totalRecipients: args.audience_type === 'custom' ? custom.length : current.totalRecipients,
      updatedAt: Date.now(),
    };
    await tx.set(announcementKey(args.id), { ...next });
  },
  async sendAnnouncement(tx: WriteTransaction, input: MutatorArgs<'sendAnnouncement'>) {
    const args = mutatorArgs.sendAnnouncement.parse(input);
    const current = (await tx.get(announcementKey(args.id))) as SyncedAnnouncement | undefined;
    if (!current || current.status !== 'draft') return;
    const now = Date.now();
    const at = args.scheduled_at ? Date.parse(args.scheduled_at) : null;
    const next: SyncedAnnouncement =
      at !== null && at > now
        ? { ...current, status: 'scheduled', scheduledAt: at, updatedAt: now }
        : { ...current, status: 'sending', sentAt: now, scheduledAt: null, updatedAt: now };
    await tx.set(announcementKey(args.id), { ...next });
  },
} satisfies { [N in MutatorName]: (tx: WriteTransaction, args: MutatorArgs<N>) => Promise<void> };

export type ClientMutators = typeof clientMutators;
