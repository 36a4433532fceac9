/**
 * The areas of the server, one line per area (worker/areas/types.ts says what a declaration holds).
 * createApp mounts their routes, the push finds their mutators, the jobs runner runs their jobs.
 */
import type { MutatorName } from '../../sync/mutators';
import { announcementsArea } from './announcements';
import { billingArea } from './billing';
import { documentsArea } from './documents';
import { duesArea } from './dues';
import { hoaArea } from './hoa';
import { invoicesArea } from './invoices';
import { listViewsArea } from './list-views';
import { noticesArea } from './notices';
import { requestsArea } from './requests';
import type { ServerArea, ServerMutators } from './types';
import { usersArea } from './users';
import { violationsArea } from './violations';

export const serverAreas: ServerArea[] = [
  announcementsArea,
  noticesArea,
  requestsArea,
  billingArea,
  documentsArea,
  violationsArea,
  usersArea,
  duesArea,
  invoicesArea,
  hoaArea,
  listViewsArea,
];

/** Every shared mutator's domain call (tests/sync/mutators.test.ts checks none is missing). */
export const serverMutators = Object.assign({}, ...serverAreas.map((a) => a.mutators ?? {})) as ServerMutators<MutatorName>;
