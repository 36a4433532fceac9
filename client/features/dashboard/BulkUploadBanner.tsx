import { useState } from 'react';
import type { ApiUser } from '../../../schema/auth';
import { readPreference, writePreference } from '../../lib/user-preferences';
import { Alert, ButtonLink } from '../../ui';

/**
 * Shown to a superadmin whose account is under 7 days old, until they dismiss it. The
 * dismissal is a preference of that user in this browser, so signing out does not bring it back.
 */
const NEW_ACCOUNT_DAYS = 7;
const DISMISSED = 'bulk-upload-banner-dismissed';

export function shouldShowBulkUploadBanner(user: Pick<ApiUser, '_id' | 'role' | 'createdAt'>, now = Date.now()): boolean {
  if (user.role !== 'superadmin') return false;
  if (now - Date.parse(user.createdAt) >= NEW_ACCOUNT_DAYS * 86_400_000) return false;
  return readPreference(user._id, DISMISSED) === null;
}

export function BulkUploadBanner({ user }: { user: Pick<ApiUser, '_id' | 'role' | 'createdAt'> }) {
  const [shown, setShown] = useState(() => shouldShowBulkUploadBanner(user));
  if (!shown) return null;
  const dismiss = () => {
    writePreference(user._id, DISMISSED, String(Date.now()));
    setShown(false);
  };
  return (
    <Alert
      tone="info"
      title="Add your residents"
      onDismiss={dismiss}
      action={
        <ButtonLink href="/users?bulk-upload=true" size="sm">
          Add Residents
        </ButtonLink>
      }
    >
      Upload a CSV of your addresses and residents to invite everyone at once.
    </Alert>
  );
}
