/**
 * Ledger questions, client half: the list (a resident's own, the board's every one) and the thread.
 * The board reaches the list from /dues (the main navigation is the spec's); residents ask from a line
 * of their statement and reach each question from it and from its mails.
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const QuestionsPage = lazyPage(() => import('./QuestionsPage'), 'QuestionsPage');
const QuestionPage = lazyPage(() => import('./QuestionPage'), 'QuestionPage');

export const ledgerQuestionsClientArea = defineClientArea({
  routes: [
    { path: '/questions', access: 'board', denied: '/dues', page: QuestionsPage },
    { path: '/questions/:id', access: 'signed-in', page: QuestionPage, firstRead: '/api/ledger-questions/:id' },
  ],
  nav: [],
});
