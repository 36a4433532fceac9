/**
 * The HOA's settings after signup (docs/decisions/211-hoa-time-zone-setting.md): its time zone, which HOA setup takes from the
 * owner's browser. The superadmin changes it on /profile (`PUT /api/hoa/time-zone`), the board sees it
 * there. Client and server both import this file.
 */
import { z } from 'zod';
import { timeZoneField } from './days';
import { lazy } from './lazy';
import type { Role } from './roles';

export const HOA_SETTINGS_MESSAGES = {
  superadminOnly: 'Only the superadmin can change the HOA time zone',
  timeZoneSaved: 'HOA time zone updated successfully',
  timeZoneFailed: 'Failed to update the HOA time zone',
} as const;

export const hoaSettingsPolicy = {
  mayChangeTimeZone: (role: Role) => role === 'superadmin',
  /** The board sees the zone its screens' "today" follows; residents have no use for it. */
  maySeeTimeZone: (role: Role) => role !== 'resident',
};

/** `PUT /api/hoa/time-zone`: an IANA zone the runtime knows (the validation HOA setup uses). */
export const hoaTimeZoneBody = lazy(() => z.object({ time_zone: timeZoneField }));

/** The zones of the US first, by their everyday names (the product is US-only). */
export const US_TIME_ZONES: readonly (readonly [zone: string, name: string])[] = [
  ['America/New_York', 'Eastern Time'],
  ['America/Chicago', 'Central Time'],
  ['America/Denver', 'Mountain Time'],
  ['America/Phoenix', 'Mountain Time (Arizona)'],
  ['America/Los_Angeles', 'Pacific Time'],
  ['America/Anchorage', 'Alaska Time'],
  ['Pacific/Honolulu', 'Hawaii Time'],
  ['America/Puerto_Rico', 'Atlantic Time (Puerto Rico)'],
];

/** How a zone reads: 'Eastern Time (America/New_York)', or the IANA name of any other zone. */
export function timeZoneLabel(zone: string): string {
  const us = US_TIME_ZONES.find(([z]) => z === zone);
  return us ? `${us[1]} (${zone})` : zone.replace(/_/g, ' ');
}

/**
 * The choices: the US zones, then every other zone the runtime lists (`Intl.supportedValuesOf`), the
 * current one always among them (an alias such as 'US/Eastern' that the list leaves out).
 */
export function timeZoneChoices(supported: readonly string[], current: string): { us: string[]; other: string[] } {
  const us = US_TIME_ZONES.map(([z]) => z);
  const other = new Set(supported.filter((z) => !us.includes(z)));
  if (!us.includes(current)) other.add(current);
  return { us, other: [...other].sort() };
}
