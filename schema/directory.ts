/**
 * The resident directory (docs/decisions/240-resident-directory.md): members who chose to be listed,
 * with their name, address and only the contact fields each chose to share, for every member of the
 * HOA while the HOA has it on. Client and server both import this file.
 */
import { z } from 'zod';
import { lazy } from './lazy';
import type { Role } from './roles';

export const DIRECTORY_MESSAGES = {
  turnedOff: 'The resident directory is turned off for this HOA.',
  superadminOnly: 'Only the superadmin can turn the resident directory on or off',
  saved: 'Directory preferences saved',
  saveFailed: 'Failed to save your directory preferences',
  loadFailed: 'Failed to load the resident directory. Please try again.',
  settingSaved: 'Resident directory setting updated successfully',
  settingFailed: 'Failed to update the resident directory setting',
} as const;

export const DIRECTORY_LABELS = {
  listMe: 'List me in the resident directory',
  shareEmail: 'Share my email',
  sharePhone: 'Share my phone',
  hoaSwitch: 'Residents can use the resident directory',
} as const;

export const directoryPolicy = {
  /** Every member may list themselves and read the directory while the HOA has it on. */
  mayUse: (_role: Role) => true,
  /** The HOA-wide switch: the superadmin turns it on or off, the board sees it. */
  mayChangeSetting: (role: Role) => role === 'superadmin',
  maySeeSettingCard: (role: Role) => role !== 'resident',
  /** The directory's order and search: by name (case-blind, then id), searched by name or street. */
  compare: (a: { name: string; id: string }, b: { name: string; id: string }) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  },
  searchText: (e: { name: string; address: { street: string } | null }) => `${e.name} ${e.address?.street ?? ''}`,
};

/** A member's own choices: `GET /api/directory/me`, and the body of `PUT` (every field required). */
export const directoryPreferencesBody = lazy(() => z.object({ listed: z.boolean(), share_email: z.boolean(), share_phone: z.boolean() }));
export type DirectoryPreferences = z.output<typeof directoryPreferencesBody>;
export const NOT_LISTED: DirectoryPreferences = { listed: false, share_email: false, share_phone: false };

/** `GET /api/directory/me`: the choices and whether the HOA has the directory on. */
export interface ApiDirectoryMe extends DirectoryPreferences {
  enabled: boolean;
}

/** `PUT /api/directory/settings`; `GET` answers the same shape. */
export const directorySettingBody = lazy(() => z.object({ enabled: z.boolean() }));
export type ApiDirectorySetting = z.output<typeof directorySettingBody>;
