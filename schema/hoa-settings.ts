/**
 * The HOA's settings after signup (docs/decisions/211-hoa-time-zone-setting.md): its time zone, which HOA setup takes from the
 * owner's browser, and who pays the processing fees of residents' online payments. The superadmin changes it on /profile (`PUT /api/hoa/time-zone`), the board sees it
 * there. Client and server both import this file.
 */
import { z } from 'zod';
import { timeZoneField } from './days';
import { PROCESSING_FEE_MODES, type ProcessingFeeMode } from './ledger';
import { lazy } from './lazy';
import type { Role } from './roles';

export const HOA_SETTINGS_MESSAGES = {
  superadminOnly: 'Only the superadmin can change the HOA time zone',
  timeZoneSaved: 'HOA time zone updated successfully',
  timeZoneFailed: 'Failed to update the HOA time zone',
  feesSuperadminOnly: 'Only the superadmin can change who pays processing fees',
  feesInvalid: 'Processing fees must be absorbed or passed_on',
  feesSaved: 'Processing fees updated successfully',
  feesFailed: 'Failed to update processing fees',
  feesLoadFailed: 'Failed to load the processing fee setting. Please try again.',
} as const;

export const hoaSettingsPolicy = {
  mayChangeTimeZone: (role: Role) => role === 'superadmin',
  /** The board sees the zone its screens' "today" follows; residents have no use for it. */
  maySeeTimeZone: (role: Role) => role !== 'resident',
  /** Who pays the card and bank fees of residents' payments: the superadmin decides, every member may read it (the payment panel shows the fee). */
  mayChangeProcessingFees: (role: Role) => role === 'superadmin',
  /** The setting's card on /profile: the board sees it; residents meet the fee on the payment panel. */
  maySeeProcessingFeesCard: (role: Role) => role !== 'resident',
};

/** `PUT /api/hoa/processing-fees`; `GET` answers the same shape. */
export const processingFeesBody = lazy(() => z.object({ processing_fees: z.enum(PROCESSING_FEE_MODES, { error: HOA_SETTINGS_MESSAGES.feesInvalid }) }));
export interface ApiProcessingFees {
  processing_fees: ProcessingFeeMode;
}
export const PROCESSING_FEE_LABELS: Record<ProcessingFeeMode, string> = {
  absorbed: 'The HOA absorbs them',
  passed_on: 'Residents pay them on top of the invoice',
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
