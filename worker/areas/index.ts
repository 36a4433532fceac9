/**
 * The areas of the server, one line per area (worker/kit/server-area.ts says what a declaration
 * holds). The entries compose this list (`composeServerAreas`) and pass it in `AppDeps.areas`:
 * createApp mounts their routes, the push finds their mutators, the pull sends their synced tables,
 * the jobs runner runs their jobs in this order.
 */
import type { ServerArea } from '../kit/server-area';
import { activityArea } from './activity';
import { announcementsArea } from './announcements';
import { autopayArea } from './autopay';
import { directoryArea } from './directory';
import { billingArea } from './billing';
import { documentsArea } from './documents';
import { duesArea } from './dues';
import { hoaArea } from './hoa';
import { inspectionsArea } from './inspections';
import { invoicesArea } from './invoices';
import { ledgerArea } from './ledger';
import { ledgerQuestionsArea } from './ledger-questions';
import { listViewsArea } from './list-views';
import { meetingsArea } from './meetings';
import { noticesArea } from './notices';
import { requestsArea } from './requests';
import { applicationsArea } from './applications';
import { usersArea } from './users';
import { violationsArea } from './violations';
import { votesArea } from './votes';

export const serverAreas: readonly ServerArea[] = [
  announcementsArea,
  documentsArea,
  noticesArea,
  requestsArea,
  billingArea,
  violationsArea,
  duesArea,
  invoicesArea,
  usersArea,
  hoaArea,
  listViewsArea,
  ledgerArea,
  ledgerQuestionsArea,
  autopayArea,
  inspectionsArea,
  applicationsArea,
  meetingsArea,
  votesArea,
  directoryArea,
  activityArea,
];
