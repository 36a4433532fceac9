import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AUTH_MESSAGES, loginBody } from '../../../schema/auth';
import { ApiError } from '../../lib/api';
import { login, useSession } from '../../lib/session';
import { useFormSubmit } from '../../lib/use-form-submit';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, Input, PasswordInput } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { useWaitingChanges, waitingText } from './waiting-changes';

type DiscardDialog = typeof import('../sync/DiscardWaitingDialog').DiscardWaitingDialog;
let discardDialog: Promise<DiscardDialog> | null = null;
/** The confirmation's code, loaded only when changes wait (again after a failed load). */
const loadDiscardDialog = () =>
  (discardDialog ??= import('../sync/DiscardWaitingDialog').then(
    (m) => m.DiscardWaitingDialog,
    (e: unknown) => {
      discardDialog = null;
      throw e;
    },
  ));

/**
 * /login. Success goes to /dashboard (an account in several HOAs to /choose-hoa first). A session the server refused is named ('Session
 * expired'): the user did not sign out, so the screen says why they are here. When a
 * session ended with changes still waiting in this browser (client/lib/kept-cache.ts), the screen
 * says so; signing in as that user sends them, and signing in as anyone else discards them, after asking.
 */
export function LoginPage() {
  const [, navigate] = useLocation();
  const session = useSession();
  /** The server refused the session (a refresh answered 401): the user was signed out on its account. */
  const expired = session.status === 'anonymous' && session.expired === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const waiting = useWaitingChanges();
  const [Dialog, setDialog] = useState<DiscardDialog | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The email whose sign-in may discard the waiting changes (confirmed in the dialog). */
  const discardFor = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (waiting)
      loadDiscardDialog().then(
        (d) => setDialog(() => d),
        () => {},
      );
  }, [waiting]);

  const { errors, error, busy, onSubmit } = useFormSubmit(
    loginBody,
    { email, password },
    async (data) => {
      if (waiting && data.email !== waiting.email && discardFor.current !== data.email) {
        try {
          const d = await loadDiscardDialog();
          setDialog(() => d);
        } catch {
          return AUTH_MESSAGES.unexpected;
        }
        setConfirming(true);
        return;
      }
      const signedIn = await login(data.email, data.password);
      // An account in several HOAs picks one (the one used last is open already).
      navigate((signedIn.memberships?.length ?? 0) > 1 ? '/choose-hoa' : '/dashboard', { replace: true });
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? (err.serverMessage ?? AUTH_MESSAGES.loginFailed) : AUTH_MESSAGES.unexpected),
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
      <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
        {waiting && (
          <Alert tone="warning" title={waitingText(waiting.waiting)}>
            Made while signed in as <span className="break-words">{waiting.email}</span>.
          </Alert>
        )}
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : (
          expired && (
            <Alert tone="error" title={AUTH_MESSAGES.sessionExpired}>
              Please sign in again to continue.
            </Alert>
          )
        )}
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
      {waiting && Dialog && (
        <Dialog
          open={confirming}
          waiting={waiting.waiting}
          owner={waiting.email}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            discardFor.current = email.trim().toLowerCase();
            setConfirming(false);
            form.current?.requestSubmit();
          }}
        />
      )}
    </AuthCard>
  );
}
