/**
 * The areas, client half: one line per area, in the order of the main navigation. The route table
 * (client/app/routes.tsx) and the navigation (client/app/TopNav.tsx, desktop and phone) compose from
 * this list; the screens that are not areas (sign-in, signup, profile, support, billing) stay in the
 * route table.
 */
import { activityClientArea } from '../features/activity/area';
import { announcementsClientArea } from '../features/announcements/area';
import { applicationsClientArea } from '../features/applications/area';
import { autopayClientArea } from '../features/autopay/area';
import { dashboardClientArea } from '../features/dashboard/area';
import { directoryClientArea } from '../features/directory/area';
import { documentsClientArea } from '../features/documents/area';
import { duesClientArea } from '../features/dues/area';
import { inspectionsClientArea } from '../features/inspections/area';
import { ledgerClientArea } from '../features/ledger/area';
import { ledgerQuestionsClientArea } from '../features/ledger-questions/area';
import { meetingsClientArea } from '../features/meetings/area';
import { requestsClientArea } from '../features/requests/area';
import { usersClientArea } from '../features/users/area';
import { violationsClientArea } from '../features/violations/area';
import { votesClientArea } from '../features/votes/area';

export const clientAreas = [dashboardClientArea, announcementsClientArea, requestsClientArea, documentsClientArea, violationsClientArea, inspectionsClientArea, applicationsClientArea, duesClientArea, meetingsClientArea, votesClientArea, ledgerClientArea, ledgerQuestionsClientArea, autopayClientArea, usersClientArea, directoryClientArea, activityClientArea];

/** Every area's screens. */
export const areaRoutes = clientAreas.flatMap((area) => area.routes);

/** The main navigation's entries in order, each with the role rule of its route. */
export const navEntries = clientAreas.flatMap((area) => area.nav);
