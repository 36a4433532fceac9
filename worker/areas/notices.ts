/** Refusal notices of the sync push (sync/areas/notices.ts): synced to their user; dismissing one is the only change. */
import type { noticeMutators } from '../../sync/areas/notices';
import { dismissNotice, noticeSyncArea } from '../sync/notices';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

const mutators: ServerMutators<keyof typeof noticeMutators> = {
  dismissNotice: (deps, tx, actor, args) => dismissNotice(deps, tx, actor, args.id),
};

export const noticesArea = defineServerArea({ name: 'notices', sync: [noticeSyncArea], mutators });
