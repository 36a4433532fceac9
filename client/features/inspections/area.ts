/**
 * Inspection rounds, client half: the list, Start Round and the round screen, board and superadmin
 * only (others go to /dashboard, their home sends them on). No entry of its own in the main
 * navigation (its order is the spec's): the Compliance screen links "Inspection Rounds".
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const InspectionsPage = lazyPage(() => import('./InspectionsPage'), 'InspectionsPage');
const StartRoundPage = lazyPage(() => import('./StartRoundPage'), 'StartRoundPage');
const RoundPage = lazyPage(() => import('./RoundPage'), 'RoundPage');

export const inspectionsClientArea = defineClientArea({
  routes: [
    { path: '/inspections', access: 'board', page: InspectionsPage },
    { path: '/inspections/new', access: 'board', page: StartRoundPage },
    { path: '/inspections/:id', access: 'board', page: RoundPage, firstRead: '/api/inspections/:id' },
  ],
  nav: [],
});
