/** Notices: changes the server refused, synced back to their user until dismissed. */
import { z } from 'zod';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { rowId } from './fields';
import { lazy } from '../../schema/lazy';

export const NOTICE_SPACE = 'notice';
export const noticeKey = (id: string) => keyOf(NOTICE_SPACE, id);

/** A pushed change the server refused, shown until the user dismisses it. */
export interface SyncedNotice {
  id: string;
  mutationName: string;
  argsSummary: string;
  message: string;
  /** What the change was about (a title), when it names one. */
  subject: string | null;
  /** How many times this same refusal happened while the notice was open. */
  repeats: number;
  createdAt: number;
}

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
