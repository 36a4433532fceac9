import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { activationForm, AUTH_MESSAGES, type InvitationInfo, type SessionPayload } from '../../../schema/auth';
import { api, ApiError } from '../../lib/api';
import { signIn } from '../../lib/session';
import { useFormSubmit } from '../../lib/use-form-submit';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { Field, Input, PasswordInput } from '../../ui/Field';
import { CheckCircleIcon, UserIcon } from '../../ui/icons';
import { AuthCard } from './AuthCard';
import { JoinInvitation } from './JoinInvitation';

export const ACTIVATION_REDIRECT_MS = 2_000;

type ActivateResponse = { token?: string; accessToken?: string; user?: SessionPayload['user'] };

/**
 * /invite/accept?token=: the invitation's account activation, or, for an email that has an account in
 * another HOA already, accepting it with that account (JoinInvitation). Which one is asked first; a
 * link the server refuses shows the form, whose answer says why.
 */
export function ActivationPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [invitation, setInvitation] = useState<InvitationInfo | 'loading' | 'form'>('loading');
  useEffect(() => {
    if (!token) return;
    let current = true;
    api<InvitationInfo>('/api/auth/invitation', { query: { token }, authenticated: false }).then(
      (info) => current && setInvitation(info.has_account ? info : 'form'),
      () => current && setInvitation('form'),
    );
    return () => {
      current = false;
    };
  }, [token]);
  if (token && invitation === 'loading') return <AuthCard title="Activate Your Account" icon={<UserIcon className="size-6" />} description="Opening your invitation..." />;
  if (typeof invitation === 'object') return <JoinInvitation token={token} invitation={invitation} />;
  return <ActivationForm token={token} />;
}

function ActivationForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [activated, setActivated] = useState<SessionPayload | null>(null);
  const { errors, error, busy, onSubmit } = useFormSubmit(
    activationForm,
    { name, password, confirmPassword },
    async (data) => {
      const res = await api<ActivateResponse>('/api/auth/activate', { method: 'POST', body: { token, name: data.name, password: data.password }, authenticated: false });
      const accessToken = res?.accessToken ?? res?.token;
      if (!accessToken || !res?.user) return AUTH_MESSAGES.activationLoginFailed;
      setActivated({ accessToken, user: res.user });
    },
    (err) => (err instanceof ApiError && err.kind === 'http' && err.status < 500 ? (err.serverMessage ?? AUTH_MESSAGES.activationFailed) : AUTH_MESSAGES.activationFailed),
  );

  // Signing in right away would send this public page to /dashboard before the success shows:
  // the session is adopted when the 2-second redirect happens.
  useEffect(() => {
    if (!activated) return;
    const t = setTimeout(() => {
      signIn(activated);
      navigate('/dashboard', { replace: true });
    }, ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [activated, navigate]);

  if (!token) {
    return (
      <AuthCard title="Activate Your Account">
        <div className="space-y-4">
          <Alert tone="error">{AUTH_MESSAGES.activationLinkMissing}</Alert>
          <ButtonLink href="/login" variant="secondary" className="w-full">
            Go to Login
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (activated) {
    return (
      <AuthCard title="Account Activated!" icon={<CheckCircleIcon className="size-6" />} description={`Welcome, ${activated.user.name}. Taking you to your dashboard...`}>
        <div className="h-1 overflow-hidden rounded-full bg-neutral-100" aria-hidden="true">
          <div className="h-full w-full origin-left animate-grow bg-accent-600" />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Activate Your Account" icon={<UserIcon className="size-6" />} description="You have been invited to your HOA. Enter your name and choose a password to finish setting up your account.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Full Name" error={errors.name}>
          <Input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} invalid={!!errors.name} autoFocus />
        </Field>
        <Field label="Password" error={errors.password} hint="8 to 72 characters, with at least one letter and one number.">
          <PasswordInput name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!errors.password} />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword}>
          <PasswordInput name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} invalid={!!errors.confirmPassword} />
        </Field>
        <Button type="submit" className="w-full" busy={busy} busyText="Activating...">
          Activate Account
        </Button>
      </form>
    </AuthCard>
  );
}
