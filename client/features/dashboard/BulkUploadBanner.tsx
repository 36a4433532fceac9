import { useState } from 'react';
import type { ApiUser } from '../../../schema/auth';
import { Alert, ButtonLink } from '../../ui';

/** Platform §2, §9: a superadmin whose account is under 7 days old, until they dismiss it (remembered in this browser). */
const NEW_ACCOUNT_DAYS = 7;
const dismissedKey = (userId: string) => `hoa-bulk-upload-banner-dismissed:${userId}`;

export function shouldShowBulkUploadBanner(user: Pick<ApiUser, '_id' | 'role' | 'createdAt'>, now = Date.now()): boolean {
  if (user.role !== 'superadmin') return false;
  if (now - Date.parse(user.createdAt) >= NEW_ACCOUNT_DAYS * 86_400_000) return false;
  try {
    return localStorage.getItem(dismissedKey(user._id)) === null;
  } catch {
    return true;
  }
}

export function BulkUploadBanner({ user }: { user: Pick<ApiUser, '_id' | 'role' | 'createdAt'> }) {
  const [shown, setShown] = useState(() => shouldShowBulkUploadBanner(user));
  if (!shown) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user._id), String(Date.now()));
    } catch {
      // Not remembered; hidden for this visit.
    }
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
