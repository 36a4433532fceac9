import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '../../lib/config';
import { dashboardPolicy } from '../../../schema/dashboard';
import { useCurrentUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ArrowLeftIcon, ClockIcon, LifeBuoyIcon, MailIcon } from '../../ui/icons';

/** /support: open to everyone; signed in, inside the app's navigation, with a way back home. */
export function SupportPage() {
  const user = useCurrentUser();
  const back = user ? dashboardPolicy.homeOf(user.role) : { path: '/login', label: 'Login' };
  useDocumentTitle('Support Center');
  return (
    <div className="mx-auto max-w-2xl space-y-6 pt-2 sm:pt-8">
      <Link href={back.path} className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
        <ArrowLeftIcon /> Back to {back.label}
      </Link>
      <div className="space-y-2">
        <div className="flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-700">
          <LifeBuoyIcon className="size-6" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Support Center</h1>
        <p className="text-neutral-600">Questions about your account, billing or your community? Our team is here to help.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="space-y-3 p-5">
          <div className="flex items-center gap-2 font-semibold text-neutral-900">
            <MailIcon className="size-5 text-accent-700" /> Email Support
          </div>
          <p className="text-sm text-neutral-600">Write to us and we will respond within 1 business day.</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
            {SUPPORT_EMAIL}
          </a>
        </Card>
        <Card className="space-y-3 p-5">
          <div className="flex items-center gap-2 font-semibold text-neutral-900">
            <ClockIcon className="size-5 text-accent-700" /> Support Hours
          </div>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-neutral-600">Monday – Friday</dt>
              <dd className="font-medium text-neutral-900">9:00 AM – 5:00 PM Central</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Response time</dt>
              <dd className="font-medium text-neutral-900">Within 1 business day</dd>
            </div>
          </dl>
        </Card>
      </div>
      <Card className="p-5 text-sm text-neutral-700">
        <p className="mb-2 font-semibold text-neutral-900">Before you write</p>
        <ul className="list-disc space-y-1 pl-5">
          {/* Signed in, /forgot-password (a public route) would only send the user home. */}
          <li>
            {user ? 'Want a new password? ' : 'Forgot your password? '}
            <Link href={user ? '/profile' : '/forgot-password'} className="font-medium text-accent-700 hover:underline">
              {user ? 'Change it on your Profile' : 'Reset it here'}
            </Link>
            .
          </li>
          <li>Did not receive an invitation? Ask your HOA board to resend it from User Management.</li>
          <li>Include your HOA name and the email of your account so we can find it quickly.</li>
        </ul>
      </Card>
    </div>
  );
}
