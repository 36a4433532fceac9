/** /confirm-email?token=: the link of an email change the board made; the email changes once it is opened (POST /api/email-change/confirm). */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { PEOPLE_MESSAGES } from '../../../schema/people';
import { api, ApiError } from '../../lib/api';
import { ButtonLink } from '../../ui/Button';
import { CheckCircleIcon } from '../../ui/icons';
import { AuthCard } from '../auth/AuthCard';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    let current = true;
    api<{ message: string }>('/api/email-change/confirm', { method: 'POST', body: { token }, authenticated: false }).then(
      (r) => current && setState({ kind: 'done', message: r.message }),
      (e) => current && setState({ kind: 'failed', message: e instanceof ApiError && e.serverMessage ? e.serverMessage : PEOPLE_MESSAGES.emailChangeInvalid }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const signIn = (
    <ButtonLink href="/login" className="w-full">
      Go to Sign In
    </ButtonLink>
  );
  if (state.kind === 'working') return <AuthCard title="Confirming your email..." />;
  if (state.kind === 'failed') return <AuthCard title="Email not changed" description={state.message} iconTone="danger" footer={signIn} />;
  return <AuthCard title="Email confirmed" description={state.message} icon={<CheckCircleIcon className="size-6" />} footer={signIn} />;
}
