import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldShowBulkUploadBanner } from './BulkUploadBanner';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');
const user = (role: 'resident' | 'board' | 'superadmin', ageDays: number) => ({ _id: 'u1', role, createdAt: new Date(NOW - ageDays * DAY).toISOString() });

describe('the bulk-upload banner', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows to a superadmin whose account is under 7 days old', () => {
    expect(shouldShowBulkUploadBanner(user('superadmin', 6.9), NOW)).toBe(true);
    expect(shouldShowBulkUploadBanner(user('superadmin', 7), NOW)).toBe(false);
  });

  it('never shows to board members or residents', () => {
    expect(shouldShowBulkUploadBanner(user('board', 1), NOW)).toBe(false);
    expect(shouldShowBulkUploadBanner(user('resident', 1), NOW)).toBe(false);
  });

  it('stays hidden once dismissed in this browser', () => {
    stored.set('hoa-pref:u1:bulk-upload-banner-dismissed', String(NOW));
    expect(shouldShowBulkUploadBanner(user('superadmin', 1), NOW)).toBe(false);
  });
});
