import { activityRows } from './activity';
import { addressRows } from './addresses';
import { announcementRows } from './announcements';
import { applicationRows } from './applications';
import { autopayRows } from './autopay';
import { authRows } from './auth';
import { billingRows } from './billing';
import { dashboardRows } from './dashboard';
import { directoryRows } from './directory';
import { documentRows } from './documents';
import { dueRows } from './dues';
import { hoaRows } from './hoa';
import { inspectionRows } from './inspections';
import { lateFeeRows, ledgerQuestionRows } from './late-fees';
import { ledgerRows } from './ledger';
import { refundRows } from './refunds';
import { listViewRows } from './list-views';
import { meetingRows } from './meetings';
import { requestRows } from './requests';
import { servicesRows } from './services';
import type { MatrixRow } from './types';
import { syncRows } from './sync';
import { userRows } from './users';
import { violationRows } from './violations';
import { voteRows } from './votes';

/** The access matrix: every registered /api route, one area file each. */
export const accessMatrix: MatrixRow[] = [...authRows, ...syncRows, ...servicesRows, ...announcementRows, ...documentRows, ...requestRows, ...violationRows, ...dashboardRows, ...billingRows, ...userRows, ...addressRows, ...dueRows, ...hoaRows, ...listViewRows, ...ledgerRows, ...lateFeeRows, ...refundRows, ...ledgerQuestionRows, ...autopayRows, ...inspectionRows, ...applicationRows, ...meetingRows, ...voteRows, ...directoryRows, ...activityRows];
