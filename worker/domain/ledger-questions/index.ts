/**
 * Ledger questions: a resident's waiver request or dispute about a line of their statement, a thread
 * with the board (the thread kit), and the board's answer.
 *
 * - sync.ts    who sees what, the cache values a pull sends, the synced table every write goes through
 * - read.ts    the REST answers, built from the values the pull sends
 * - ask.ts     asking, the thread, the board's answer (a granted waiver waives the fee)
 * - emails.ts  mail to the board and the resident, through the outbox
 */
export { visibleLedgerQuestions, ledgerQuestionSyncArea } from './sync';
export { getLedgerQuestion, getVisibleLedgerQuestion, listLedgerQuestions, toApiLedgerQuestion } from './read';
export { addLedgerQuestionMessage, answerLedgerQuestion, askAboutLine } from './ask';
