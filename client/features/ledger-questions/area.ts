/**
 * Ledger questions, client half: the list (a resident's own, the board's every one) and the thread.
 * The entry sits after Dues in the main navigation; residents ask from a line of their statement.
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const QuestionsPage = lazyPage(() => import('./QuestionsPage'), 'QuestionsPage');
const QuestionPage = lazyPage(() => import('./QuestionPage'), 'QuestionPage');

export const ledgerQuestionsClientArea = defineClientArea({
  routes: [
    { path: '/questions', access: 'board', denied: '/dues', page: QuestionsPage },
    { path: '/questions/:id', access: 'signed-in', page: QuestionPage },
  ],
  nav: [{ label: 'Questions', href: '/questions' }],
});
