/**
 * The areas the list benchmark measures, as the driver (list.bench.ts) sees them: what the list says
 * at its end, its Load more button, and the multi-select filters it clicks with their options. The
 * page's half of each area (rows, columns, filters) is in cases.tsx.
 */
export const BENCH_AREAS = {
  announcements: {
    exhaustedText: 'No more announcements',
    loadMore: 'Load more',
    selects: [
      { button: 'Categories', options: ['General', 'Maintenance', 'Event', 'Reminder', 'Urgent'] },
      { button: 'Status', options: ['Sent', 'Draft', 'Failed', 'Scheduled', 'Sending'] },
    ],
  },
  documents: {
    exhaustedText: 'No more documents',
    loadMore: 'Load More',
    selects: [{ button: 'Category', options: ['Bylaws', 'Financials', 'Meeting Minutes', 'Legal', 'Architectural', 'Insurance', 'Maintenance', 'Other'] }],
  },
  requests: {
    exhaustedText: 'No more requests',
    loadMore: 'Load more',
    selects: [
      { button: 'Categories', options: ['Maintenance', 'Modification', 'Inquiry', 'Other'] },
      { button: 'Status', options: ['Open', 'In Progress', 'Resolved', 'Closed'] },
    ],
  },
  violations: {
    exhaustedText: 'No more violations',
    loadMore: 'Load more',
    selects: [
      { button: 'Status', options: ['Open', 'Under Review', 'Resolved', 'Escalated', 'Dismissed'] },
      { button: 'Category', options: ['Lawn Maintenance', 'Parking', 'Noise', 'Architectural', 'Trash', 'Pet', 'Other'] },
    ],
  },
  invoices: {
    exhaustedText: 'No more invoices',
    loadMore: 'Load more',
    selects: [{ button: 'Status', options: ['Pending', 'Paid', 'Overdue', 'Canceled'] }],
  },
  applications: {
    exhaustedText: 'No more applications',
    loadMore: 'Load More',
    selects: [{ button: 'Status', options: ['Under review', 'Approved', 'Denied', 'Escalated'] }],
  },
  meetings: {
    exhaustedText: 'No more meetings',
    loadMore: 'Load More',
    selects: [{ button: 'Status', options: ['Draft', 'Scheduled', 'In progress', 'Adjourned'] }],
  },
  votes: {
    exhaustedText: 'No more votes',
    loadMore: 'Load More',
    selects: [
      { button: 'Status', options: ['Upcoming', 'Open', 'Closed', 'Cancelled'] },
      { button: 'Kind', options: ['Poll', 'Election'] },
    ],
  },
  users: {
    exhaustedText: 'No more users',
    loadMore: 'Load more',
    selects: [
      { button: 'Role', options: ['Resident', 'Board Member', 'Super Admin'] },
      { button: 'Status', options: ['Active', 'Invited', 'Inactive'] },
    ],
  },
  directory: {
    exhaustedText: 'No more residents',
    loadMore: 'Load more',
    // No multi-select filter on the screen: search and synced changes only.
    selects: [],
  },
} as const;

export type BenchArea = keyof typeof BENCH_AREAS;
export const isBenchArea = (name: string | null): name is BenchArea => name !== null && name in BENCH_AREAS;

/** The statement of account: not a list-kit list, its own page and measures (ledger.tsx, list.bench.ts `runLedger`). */
export const LEDGER_BENCH = 'ledger';
