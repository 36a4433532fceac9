/**
 * The activity trail: what the board and the superadmin changed (people, money, documents, violations,
 * settings), by whom, when, from which device, and the values before and after. Kinds and actions with
 * their labels, the list's query, the answer's shape, the CSV, and the policy: board and superadmin
 * read their HOA's trail; every member reads the trail of their own account.
 */
import { z } from 'zod';
import { csvRow } from './ledger';
import { dayRangeFields, dayRangeRule } from './days';
import { lazy } from './lazy';
import { isPrivileged, type Role } from './roles';

export const ACTIVITY_KINDS = ['people', 'money', 'documents', 'violations', 'settings'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  people: 'People',
  money: 'Money',
  documents: 'Documents',
  violations: 'Violations',
  settings: 'Settings',
};

/** Every action the trail records, with its kind. The key is what the row stores. */
export const ACTIVITY_ACTIONS = {
  'user.invited': 'people',
  'user.bulk_added': 'people',
  'user.activated': 'people',
  'user.edited': 'people',
  'user.role_changed': 'people',
  'user.status_changed': 'people',
  'user.deleted': 'people',
  'user.address_assigned': 'people',
  'user.address_removed': 'people',
  'due.created': 'money',
  'due.edited': 'money',
  'due.cancelled': 'money',
  'invoice.status_set': 'money',
  'invoice.refunded': 'money',
  'invoice.late_fee_waived': 'money',
  'autopay.changed': 'money',
  'document.uploaded': 'documents',
  'document.edited': 'documents',
  'document.deleted': 'documents',
  'violation.created': 'violations',
  'violation.status_changed': 'violations',
  'violation.fined': 'violations',
  'violation.resolved': 'violations',
  'settings.time_zone': 'settings',
  'settings.processing_fees': 'settings',
  'settings.fine_schedule': 'settings',
  'subscription.plan_changed': 'settings',
  'subscription.cancelled': 'settings',
} as const satisfies Record<string, ActivityKind>;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_KEYS = Object.keys(ACTIVITY_ACTIONS) as ActivityAction[];
export const activityKindOf = (action: ActivityAction): ActivityKind => ACTIVITY_ACTIONS[action];

/** The rows a kind covers: every action key starting with one of these. */
export const actionsOfKind = (kind: ActivityKind) => ACTIVITY_ACTION_KEYS.filter((a) => ACTIVITY_ACTIONS[a] === kind);

/** The row an entry is about. */
export const ACTIVITY_ENTITIES = ['user', 'due', 'invoice', 'autopay', 'document', 'violation', 'hoa', 'fine_schedule', 'subscription'] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** The changed fields' values, as JSON. */
export type ActivityValues = Record<string, unknown>;

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_SEARCH_MAX = 100;
/** Rows older than this many years leave the trail (the retention job). */
export const ACTIVITY_RETENTION_YEARS = 7;

export const ACTIVITY_MESSAGES = {
  boardOnly: 'Only board members and the superadmin can view the activity trail',
  kindInvalid: 'Kind must be people, money, documents, violations or settings',
  searchTooLong: `Search must be at most ${ACTIVITY_SEARCH_MAX} characters`,
  cursorInvalid: 'The page to load is invalid',
  empty: 'No activity matches these filters.',
  emptyMine: 'Nothing has changed on your account yet.',
  loadFailed: 'Could not load the activity',
  /** Offline: the trail is the server's record, never kept on the device. */
  offline: 'The activity trail is kept on the server, not on this device: connect to the internet to read it.',
  /** Under the load failure's alert: the list is not empty, it is unread. */
  unread: 'The trail shows here once it can be read.',
} as const;

export const activityPolicy = {
  /** The HOA's trail, its filters and its export. */
  mayView: (role: Role) => isPrivileged(role),
};

/** The pages of the trail: after `cursor` (the last row shown), or the list kit's `page` (1 first). */
export const activityPagingSchema = lazy(() =>
  z.object({
    cursor: z.string().trim().max(200).regex(/^\d+:[^:]+$/, ACTIVITY_MESSAGES.cursorInvalid).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  }),
);

/** `GET /api/activity` and its export: filters, search and the page. */
export const activityQuerySchema = lazy(() =>
  activityPagingSchema
    .extend({
      actor: z.string().trim().max(64).optional(),
      kind: z.enum(ACTIVITY_KINDS, { error: ACTIVITY_MESSAGES.kindInvalid }).optional(),
      q: z.string().trim().max(ACTIVITY_SEARCH_MAX, ACTIVITY_MESSAGES.searchTooLong).optional(),
      ...dayRangeFields(),
      format: z.enum(['json', 'csv']).optional(),
    })
    .superRefine(dayRangeRule),
);
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** One row of the trail as the API answers it. */
export interface ApiActivity {
  _id: string;
  at: string;
  actor: { _id: string | null; name: string };
  action: ActivityAction;
  kind: ActivityKind;
  summary: string;
  entity: { kind: ActivityEntity; _id: string | null };
  before: ActivityValues | null;
  after: ActivityValues | null;
  device: string | null;
  client_group_id: string | null;
}

export interface ApiActivityPage {
  docs: ApiActivity[];
  page: number;
  hasNextPage: boolean;
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
}

/** The actors the filter offers: everyone who appears in the HOA's trail. */
export interface ApiActivityActor {
  _id: string;
  name: string;
}

const valuesText = (v: ActivityValues | null) => (v ? JSON.stringify(v) : '');

/** The export: one row per entry, newest first, as the list shows them. `timeText` names the moment (the HOA's zone). */
export function activityCsv(rows: readonly ApiActivity[], timeText: (iso: string) => string): string {
  const lines = [csvRow(['Time', 'Actor', 'Kind', 'Action', 'Summary', 'Entity', 'Entity ID', 'Before', 'After', 'Device', 'Client group'])];
  for (const r of rows) {
    lines.push(
      csvRow([timeText(r.at), r.actor.name, ACTIVITY_KIND_LABELS[r.kind], r.action, r.summary, r.entity.kind, r.entity._id, valuesText(r.before), valuesText(r.after), r.device, r.client_group_id]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The fields whose values differ, before and after (only those): null when nothing changed. */
export function changedValues<T extends ActivityValues>(before: T, after: Partial<T>): { before: ActivityValues; after: ActivityValues } | null {
  const b: ActivityValues = {};
  const a: ActivityValues = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined || JSON.stringify(after[key]) === JSON.stringify(before[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key];
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
