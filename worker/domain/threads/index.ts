/**
 * The thread kit, server half (shared half: schema/threads.ts; tables: schema/tables/threads.ts): a
 * record's messages and Activity History. Areas with a thread (requests, violations) keep their own
 * tables made by the kit's helpers and call these; none writes its own thread code.
 *
 * - values.ts  the thread and history as JSON inside the record's synced value, for one reader
 * - write.ts   adding a message (sanitised, staff rule, internal notes) and a history line
 */
export { threadHistoryJson, threadMessagesJson, threadRecordsShowing, type ThreadOptions, type ThreadParent } from './values';
export { addThreadMessage, historyRow, postThreadMessage, recordHistory, type NewThreadMessage, type ThreadMessageRow } from './write';
