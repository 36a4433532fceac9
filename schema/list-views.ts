/**
 * Saved list views: a user's named filter sets for a list screen, synced across their devices.
 * The lists, the messages, the limits, the field schemas of the save dialog, the REST body and the
 * mutators, the REST answer, and the policy. See docs/decisions/216-saved-list-views.md for the choices.
 */
import { z } from 'zod';
import type { Role } from './roles';
import { lazy } from './lazy';

/** The list screens with the filters row (client/ui FilterBar): a view belongs to one of them. */
export const SAVED_VIEW_LISTS = ['requests', 'violations', 'documents', 'dues', 'invoices', 'applications', 'votes', 'meetings', 'directory', 'users', 'addresses'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** The list orders a view may keep (the filters row's Sort): the kit's two, and the people lists' own. */
export const LIST_VIEW_SORTS = ['newest', 'oldest', 'name', 'role', 'status', 'sent', 'street'] as const;
export type ListViewSort = (typeof LIST_VIEW_SORTS)[number];

export const LIST_VIEW_NAME_MAX = 60;
/** Bounds that keep a view small: the longest search, how many filters and chosen values it keeps. */
export const LIST_VIEW_SEARCH_MAX = 200;
export const LIST_VIEW_FILTERS_MAX = 8;
export const LIST_VIEW_VALUES_MAX = 30;
export const LIST_VIEW_VALUE_MAX = 64;
/** Views one user keeps on one list: a menu, not a database. */
export const LIST_VIEWS_PER_LIST_MAX = 30;

export const LIST_VIEW_MESSAGES = {
  nameRequired: 'View name is required',
  nameTooLong: `View name must be at most ${LIST_VIEW_NAME_MAX} characters`,
  nameTaken: 'You already have a view with this name on this list',
  listInvalid: 'List is invalid',
  filtersInvalid: 'Filters are invalid',
  searchTooLong: `Search must be at most ${LIST_VIEW_SEARCH_MAX} characters`,
  tooMany: `You can keep at most ${LIST_VIEWS_PER_LIST_MAX} views on a list. Delete one first.`,
  notFound: 'Saved view not found',
  saved: 'View saved',
  renamed: 'View renamed',
  deleted: 'View deleted',
} as const;

/**
 * The policy of saved views, one rule each, used by the domain (the check that counts), the
 * mutators (the prediction) and the save dialog (its message before sending).
 */
export const listViewPolicy = {
  /** Every signed-in user keeps views of their own; no one sees or manages another's (the domain's visibility). */
  mayManage: (_role: Role) => true,
  /** Names compare trimmed and case-blind: "Open items" and "open items " are one name on a list. */
  nameKey: (name: string) => name.trim().toLowerCase(),
  /** Whether another of the user's views on the same list already has this name. */
  isNameTaken(views: readonly { id: string; list: string; name: string }[], candidate: { id: string; list: string; name: string }) {
    const key = listViewPolicy.nameKey(candidate.name);
    return views.some((v) => v.id !== candidate.id && v.list === candidate.list && listViewPolicy.nameKey(v.name) === key);
  },
};

/** The Views menu's order, on the server and the client alike: by name, case-blind, then by id (code units, never localeCompare). */
export function byListViewName(a: { id: string; name: string }, b: { id: string; name: string }): number {
  const [x, y] = [listViewPolicy.nameKey(a.name), listViewPolicy.nameKey(b.name)];
  if (x !== y) return x < y ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What a view keeps of the filters row: the search text, the values chosen per filter, the order. */
export const listViewFiltersSchema = lazy(() =>
  z.object(
    {
      search: z.string({ error: LIST_VIEW_MESSAGES.filtersInvalid }).trim().max(LIST_VIEW_SEARCH_MAX, LIST_VIEW_MESSAGES.searchTooLong).default(''),
      /** Filter name (`category`, `status`) → chosen values; a filter with none chosen may be left out. */
      selected: z
        .record(
          z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, LIST_VIEW_MESSAGES.filtersInvalid),
          z.array(z.string().max(LIST_VIEW_VALUE_MAX, LIST_VIEW_MESSAGES.filtersInvalid), { error: LIST_VIEW_MESSAGES.filtersInvalid }).max(LIST_VIEW_VALUES_MAX, LIST_VIEW_MESSAGES.filtersInvalid),
          { error: LIST_VIEW_MESSAGES.filtersInvalid },
        )
        .refine((selected) => Object.keys(selected).length <= LIST_VIEW_FILTERS_MAX, LIST_VIEW_MESSAGES.filtersInvalid)
        .default({}),
      sort: z.enum(LIST_VIEW_SORTS, { error: LIST_VIEW_MESSAGES.filtersInvalid }).default('newest'),
    },
    { error: LIST_VIEW_MESSAGES.filtersInvalid },
  ),
);
export type ListViewFilters = z.output<typeof listViewFiltersSchema>;

/** The view's name as the save dialog, the REST body and the mutator take it. */
export const listViewName = lazy(() =>
  z
    .string({ error: LIST_VIEW_MESSAGES.nameRequired })
    .max(LIST_VIEW_NAME_MAX * 4, { error: LIST_VIEW_MESSAGES.nameTooLong, abort: true })
    .trim()
    .min(1, LIST_VIEW_MESSAGES.nameRequired)
    .max(LIST_VIEW_NAME_MAX, LIST_VIEW_MESSAGES.nameTooLong),
);

/** The fields of a saved view (snake_case, as on the wire): `POST /api/list-views` and `saveListView`. */
export const listViewFields = lazy(() => ({
  list: z.enum(SAVED_VIEW_LISTS, { error: LIST_VIEW_MESSAGES.listInvalid }),
  name: listViewName,
  filters: listViewFiltersSchema.default({ search: '', selected: {}, sort: 'newest' }),
}));

/** `GET /api/list-views?list=`: one list's views, or every list's without it. */
export const listViewsQuery = lazy(() => z.object({ list: z.enum(SAVED_VIEW_LISTS, { error: LIST_VIEW_MESSAGES.listInvalid }).optional() }));

/** A saved view in REST answers (dates ISO 8601). */
export interface ApiListView {
  _id: string;
  list: SavedViewList;
  name: string;
  filters: ListViewFilters;
  createdAt: string;
  updatedAt: string;
  version: number;
}
