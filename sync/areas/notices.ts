/** Notices: changes the server refused, synced back to their user until dismissed. */
import { z } from 'zod';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { rowId } from './fields';
import { lazy } from '../../schema/lazy';

export const NOTICE_SPACE = 'notice';
export const noticeKey = (id: string) => keyOf(NOTICE_SPACE, id);

/** A pushed change the server refused, shown until the user dismisses it. */
export const syncedNoticeSchema = lazy(() => z.object({
  id: z.string(),
  mutationName: z.string(),
  argsSummary: z.string(),
  message: z.string(),
  /** What the change was about (a title), when it names one. */
  subject: z.string().nullable(),
  /** How many times this same refusal happened while the notice was open. */
  repeats: z.number(),
  createdAt: z.number(),
}));
export type SyncedNotice = z.output<typeof syncedNoticeSchema>;

export const noticeMutators = {
  dismissNotice: defineMutator({
    args: lazy(() => z.object({ id: rowId })),
    label: 'Dismiss notice',
    async apply(tx, { id }) {
      await tx.del(noticeKey(id));
    },
  }),
};

export const noticesSync = defineSyncedArea({ spaces: [NOTICE_SPACE], mutators: noticeMutators });
