/**
 * The order of lists of synced rows, one rule for the client's lists and the REST reads: newest
 * first by `time`, ties by id, the greater first. That is the order SQLite reads an
 * `(hoa_id, created_at, id)` index backwards (`ORDER BY created_at DESC, id DESC`), so a list shows
 * its rows in the same order from the local cache as from the API.
 *
 * Ids are compared by code unit: they are ASCII, `localeCompare` would order them by locale rules
 * for nothing, and its first call builds an ICU collator (72–94 ms of /announcements' start at a 4×
 * CPU slowdown, docs/decisions/056-newest-first-order.md).
 */
export const newestFirst =
  <T extends { id: string }>(time: (item: T) => number) =>
  (a: T, b: T): number =>
    time(b) - time(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
