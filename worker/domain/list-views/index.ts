/**
 * Saved list views domain: one layer for both transports (the REST routes and the sync push).
 *
 * - sync.ts   who sees what (their user only), the cache value a pull sends, the synced table's writer
 * - views.ts  save (create or rename) and delete
 * - read.ts   the REST answers, built from the values the pull sends
 */
export { listViewSyncArea, visibleListViews } from './sync';
export { deleteListView, saveListView, saveListViewAndAnswer, type ListViewInput, type ListViewRow } from './views';
export { getListView, listListViews } from './read';
