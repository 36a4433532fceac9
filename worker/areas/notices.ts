/** Refusal notices of the sync push (sync/areas/notices.ts): dismissing one is the only change. */
import type { noticeMutators } from '../../sync/areas/notices';
import { dismissNotice } from '../sync/notices';
import type { ServerArea, ServerMutators } from './types';

const mutators: ServerMutators<keyof typeof noticeMutators> = {
  dismissNotice: (deps, tx, actor, args) => dismissNotice(deps, tx, actor, args.id),
};

export const noticesArea: ServerArea = { name: 'notices', mutators };
