import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { COMPLETE_COUNTDOWN_S, planDisplayName, TRIAL_DAYS } from '../../../schema/signup';
import { SUPPORT_EMAIL } from '../../lib/config';
import { formatLongDate } from '../../lib/format';
import { signIn } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DetailRow } from '../../ui/DetailRow';
import { Card } from '../../ui/Card';
import { CheckCircleIcon } from '../../ui/icons';
import { resetSignup, useSignup } from './signup-state';
import { SignupProgress } from './SignupProgress';

/**
 * /signup/complete: the summary, then 'Enter Dashboard' after a 5-second countdown. Only
 * then is the browser signed in with the completion's token, the wizard's state reset, and the user
 * taken to their new HOA's dashboard (docs/decisions/137-signup-wizard-order.md).
 */
export function SignupCompletePage() {
  const s = useSignup();
  const [, navigate] = useLocation();
  const [left, setLeft] = useState(COMPLETE_COUNTDOWN_S);
  const entering = useRef(false);
  useDocumentTitle('Signup Complete');
  const done = s.completionResponse;

  const enter = () => {
    if (entering.current || !done) return;
    entering.current = true;
    setLeft(0);
    resetSignup();
    if (done.token && done.user) {
      signIn({ accessToken: done.token, user: done.user });
      navigate('/dashboard', { replace: true });
    } else navigate('/login', { replace: true });
  };
  useEffect(() => {
    if (!done) return;
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, [done]);
  useEffect(() => {
    if (left === 0) enter();
    // enter is stable for this screen's life.
  }, [left]);

  if (!done) return entering.current ? null : <Redirect to="/signup" replace />;
  const trialEnd = done.subscription?.trial_end;
  return (
    <div className="mx-auto w-full max-w-2xl pt-2 sm:pt-6">
      <SignupProgress step={5} />
      <Card className="space-y-6 p-5 sm:p-8">
        <div className="text-center">
          <CheckCircleIcon className="mx-auto size-12 text-success-600" />
          <h1 className="mt-3 text-2xl font-semibold text-neutral-900">Welcome to HOA Manager!</h1>
          <p className="mt-1 text-sm text-neutral-600">Your HOA account is ready and your free trial has started.</p>
        </div>
        <dl className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 px-4">
          <DetailRow label="Name">{done.user.name}</DetailRow>
          <DetailRow label="Email">{done.user.email}</DetailRow>
          <DetailRow label="Role">
            <Badge>Superadmin</Badge>
          </DetailRow>
          <DetailRow label="HOA">{done.hoa.name}</DetailRow>
          <DetailRow label="Plan">{planDisplayName(done.subscription.plan)}</DetailRow>
          <DetailRow label="Trial status">{`Active (${TRIAL_DAYS} days)`}</DetailRow>
          <DetailRow label="Next billing date">{trialEnd ? formatLongDate(trialEnd) : 'In 30 days'}</DetailRow>
        </dl>
        <div>
          <h2 className="font-semibold text-neutral-900">Next steps</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-neutral-700">
            <li>Add your property addresses in the Address Directory.</li>
            <li>Invite your board members and residents.</li>
            <li>Start managing announcements, requests, documents and dues.</li>
          </ol>
        </div>
        <Button className="w-full" size="lg" onClick={enter} busy={left === 0} busyText="Entering Dashboard...">
          {`Enter Dashboard (${left})`}
        </Button>
        <p className="text-center text-sm text-neutral-600">
          Questions? Contact support at{' '}
          <a className="font-medium text-accent-700 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
        </p>
      </Card>
    </div>
  );
}
