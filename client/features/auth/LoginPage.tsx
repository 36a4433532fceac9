import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AUTH_MESSAGES, loginBody } from '../../../schema/auth';
import { ApiError } from '../../lib/api';
import { login } from '../../lib/session';
import { useFormSubmit } from '../../lib/use-form-submit';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, Input, PasswordInput } from '../../ui/Field';
import { AuthCard } from './AuthCard';

/** /login (platform §2). Success goes to /dashboard. */
export function LoginPage() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, error, busy, onSubmit } = useFormSubmit(
    loginBody,
    async (data) => {
      await login(data.email, data.password);
      navigate('/dashboard', { replace: true });
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? err.message || AUTH_MESSAGES.loginFailed : AUTH_MESSAGES.unexpected),
  );

  return (
    <AuthCard
      title="Sign in to your account"
      description="Welcome back. Enter your email and password to continue."
      footer={
        <Link href="/signup" className="font-medium text-accent-700 hover:underline">
          New HOA? Start your free trial
        </Link>
      }
    >
      <form onSubmit={onSubmit({ email, password })} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Email" error={errors.email}>
          <Input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} invalid={!!errors.email} autoFocus />
        </Field>
        <Field label="Password" error={errors.password}>
          <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!errors.password} />
        </Field>
        <div className="flex justify-end">
          <Link href="/forgot-password" className="text-sm font-medium text-accent-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy} busyText="Signing In...">
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
