/**
 * /profile's second column: the HOA-wide settings of the member's role, the directory and the
 * password. A chunk of its own, loaded once the screen has painted (ProfilePage): on a phone it is
 * below the fold, and its cards bring most of the screen's code (the dues, invoices and directory areas).
 */
import type { ApiUser } from '../../../schema/auth';
import { paymentAccountPolicy } from '../../../schema/payment-account';
import { PaymentAccountCard } from '../billing/PaymentAccountLink';
import { SubscriptionCard } from '../billing/SubscriptionCard';
import { DirectoryCard } from '../directory/DirectoryCard';
import { DirectorySettingCard } from '../directory/DirectorySettingCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { HoaTimeZoneCard } from './HoaTimeZoneCard';
import { ProcessingFeesCard } from './ProcessingFeesCard';

export function ProfileSettingsCards({ role }: { role: ApiUser['role'] }) {
  return (
    <div className="space-y-6">
      {role === 'superadmin' && <SubscriptionCard />}
      {paymentAccountPolicy.mayManage(role) && <PaymentAccountCard />}
      <HoaTimeZoneCard />
      <ProcessingFeesCard />
      <DirectorySettingCard />
      <DirectoryCard />
      <ChangePasswordCard />
    </div>
  );
}
