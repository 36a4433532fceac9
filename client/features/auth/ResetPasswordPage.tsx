import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { AUTH_MESSAGES, resetPasswordForm } from '../../../schema/auth';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { Field, PasswordInput } from '../../ui/Field';
import { LoadingText } from '../../ui/Loading';
import { AlertCircleIcon, CheckCircleIcon, KeyIcon } from '../../ui/icons';
import { AuthCard } from './AuthCard';

type ResetState = { step: 'verifying' } | { step: 'valid'; email: string } | { step: 'done' } | { step: 'invalid'; reason: string };

/** /reset-password?token=: verifying, valid (form), done, invalid. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<ResetState>(token ? { step: 'verifying' } : { step: 'invalid', reason: AUTH_MESSAGES.resetTokenMissing });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api<{ email: string }>('/api/auth/verify-reset-token', { query: { token }, authenticated: false, signal: controller.signal })
      .then(({ email }) => setState({ step: 'valid', email }))
      .catch((e) => {
        if (!controller.signal.aborted) setState({ step: 'invalid', reason: errorMessage(e, AUTH_MESSAGES.invalidResetToken) });
      });
    return () => controller.abort();
  }, [token]);

  switch (state.step) {
    case 'verifying':
      return (
        <AuthCard title="Reset Password">
          <LoadingText label="Verifying reset link..." />
        </AuthCard>
      );
    case 'invalid':
      return (
        <AuthCard title="Invalid Reset Link" icon={<AlertCircleIcon className="size-6" />} iconTone="danger" description="This password reset link is invalid or has expired. Reset links are valid for 2 hours and can be used once.">
          <div className="space-y-4">
            <Alert tone="error">{state.reason}</Alert>
            <ButtonLink href="/forgot-password" className="w-full">
              Request New Reset Link
            </ButtonLink>
          </div>
        </AuthCard>
      );
    case 'done':
      return (
        <AuthCard title="Password Reset Complete" icon={<CheckCircleIcon className="size-6" />} description="Your password has been changed. Sign in with your new password.">
          <ButtonLink href="/login" className="w-full">
            Go to Login
          </ButtonLink>
        </AuthCard>
      );
    case 'valid':
      return <ResetForm token={token} email={state.email} onDone={() => setState({ step: 'done' })} />;
  }
}

function ResetForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, error, busy, onSubmit } = useFormSubmit(
    resetPasswordForm,
    { password, confirmPassword },
    async (data) => {
      await api('/api/auth/reset-password', { method: 'POST', body: { token, password: data.password }, authenticated: false });
      onDone();
    },
    (err) => (err instanceof ApiError && err.kind === 'http' && err.status < 500 ? (err.serverMessage ?? AUTH_MESSAGES.resetFailed) : AUTH_MESSAGES.resetFailed),
  );

  return (
    <AuthCard
      title="Reset Password"
      icon={<KeyIcon className="size-6" />}
      description={
        <>
          Choose a new password for <strong className="font-medium text-neutral-900">{email}</strong>.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="New Password" error={errors.password} hint="At least 6 characters.">
          <PasswordInput name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!errors.password} autoFocus />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword}>
          <PasswordInput name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} invalid={!!errors.confirmPassword} />
        </Field>
        <Button type="submit" className="w-full" busy={busy} busyText="Resetting Password...">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
