import { useState } from 'react';
import { Link } from 'wouter';
import { AUTH_MESSAGES, forgotPasswordBody } from '../../../schema/auth';
import { api, ApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { ArrowLeftIcon, KeyIcon, MailIcon } from '../../ui/icons';
import { AuthCard } from './AuthCard';

const backToLogin = (
  <Link href="/login" className="inline-flex items-center gap-1 font-medium text-accent-700 hover:underline">
    <ArrowLeftIcon /> Back to Login
  </Link>
);

/** /forgot-password: email form, then 'Check Your Email' with next steps. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, error, busy, onSubmit } = useFormSubmit(
    forgotPasswordBody,
    { email },
    async (data) => {
      await api('/api/auth/forgot-password', { method: 'POST', body: data, authenticated: false });
      setSentTo(data.email);
    },
    // Rate limiting says what to do; anything else gets the spec's text.
    (err) => (err instanceof ApiError && err.status === 429 ? (err.serverMessage ?? AUTH_MESSAGES.forgotFailed) : AUTH_MESSAGES.forgotFailed),
  );

  if (sentTo) {
    return (
      <AuthCard
        title="Check Your Email"
        icon={<MailIcon className="size-6" />}
        description={
          <>
            If an account exists for <strong className="font-medium text-neutral-900">{sentTo}</strong>, we have sent a password reset link.
          </>
        }
        footer={backToLogin}
      >
        <div className="space-y-5">
          <div className="rounded-lg bg-neutral-50 px-4 py-3 text-sm text-neutral-700">
            <p className="mb-2 font-medium text-neutral-900">Next steps</p>
            <ol className="list-decimal space-y-1 pl-5">
              <li>Open the email we sent you. It can take a minute or two to arrive.</li>
              <li>Click the reset link. It is valid for 2 hours and can be used once.</li>
              <li>Choose a new password and sign in with it.</li>
            </ol>
            <p className="mt-2 text-neutral-600">No email? Check your spam folder, or try again with another address.</p>
          </div>
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              setEmail('');
            }}
          >
            Try Different Email
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password" icon={<KeyIcon className="size-6" />} description="Enter the email address of your account and we will send you a link to reset your password." footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Email" error={errors.email}>
          <Input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} invalid={!!errors.email} autoFocus />
        </Field>
        <Button type="submit" className="w-full" busy={busy} busyText="Sending...">
          Send Reset Link
        </Button>
      </form>
    </AuthCard>
  );
}
