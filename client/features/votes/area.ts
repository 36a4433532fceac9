/**
 * Owner votes, client half: the list, the vote screen (every member), New Vote and Edit Vote (board
 * and superadmin). No entry of its own in the main navigation: "Meetings" leads here too (its
 * `alsoActive`), and the list links back to Meetings. The open-vote banner (OpenVoteBanner) is
 * mounted by the Announcements list and the dashboard.
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const VotesPage = lazyPage(() => import('./VotesPage'), 'VotesPage');
const VoteFormPage = lazyPage(() => import('./VoteFormPage'), 'VoteFormPage');
const VotePage = lazyPage(() => import('./VotePage'), 'VotePage');

export const votesClientArea = defineClientArea({
  routes: [
    { path: '/votes', access: 'signed-in', page: VotesPage },
    { path: '/votes/new', access: 'board', denied: '/votes', page: VoteFormPage },
    { path: '/votes/:id/edit', access: 'board', denied: '/votes', page: VoteFormPage, firstRead: '/api/votes/:id' },
    { path: '/votes/:id', access: 'signed-in', page: VotePage, firstRead: '/api/votes/:id' },
  ],
  nav: [],
});
