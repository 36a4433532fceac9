/**
 * The thread kit, client half (requests, violations): a record's message thread, its Activity History
 * and its status control, parameterised by the area (its mutators, texts and statuses). The shared
 * half is schema/threads.ts; the server half worker/domain/threads/.
 */
export { actingUser } from './acting-user';
export { ActivityHistory } from './ActivityHistory';
export { MessagesLinkCard, messagesCountText } from './MessagesLinkCard';
export { PersonName } from './PersonName';
export { StatusSelect, type StatusChoice } from './StatusSelect';
export { useQueuedIds } from './use-queued-ids';
// MessageComposer and MessagesScreen are imported by file ('../threads/MessagesScreen'), not from here:
// they bring the editor (Tiptap, ProseMirror, ~130 KB gzipped), which every screen importing anything
// from the kit (the request and violation lists, for their queued marks) would otherwise load.
// MessageList too ('../threads/MessageList'): it brings the sanitizer (DOMPurify, whose set-up runs
// when its chunk loads, 17 ms on this machine's Chromium), which those lists and the statement need not.
