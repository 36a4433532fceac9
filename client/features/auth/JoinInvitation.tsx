/**
 * An invitation to someone whose email signs in to another HOA already
 * (docs/decisions/241-one-account-several-hoas.md): accepted with that account, no second password.
 * Signed in with it: one button. Signed out: its password. Signed in as someone else: sign out first.
 */
import { useState } from 'react';
import { AUTH_MESSAGES, type InvitationInfo, type SessionPayload } from '../../../schema/auth';
import { api, errorMessage } from '../../lib/api';
import { enterHoa } from '../../lib/hoa-switch';
import { signOut, useCurrentUser } from '../../lib/session';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, PasswordInput } from '../../ui/Field';
import { HomeIcon } from '../../ui/icons';
import { AuthCard } from './AuthCard';

export function JoinInvitation({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const user = useCurrentUser();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedInAsInvited = user != null && user.email.toLowerCase() === invitation.email.toLowerCase();

  const accept = async (path: '/api/auth/join' | '/api/auth/join/sign-in') => {
    setBusy(true);
    setError(null);
    try {
      const body = path === '/api/auth/join' ? { token } : { token, password };
      await enterHoa(await api<SessionPayload>(path, { method: 'POST', body, authenticated: path === '/api/auth/join' }));
    } catch (e) {
      setBusy(false);
      setError(errorMessage(e, AUTH_MESSAGES.activationFailed));
    }
  };

  const description = (
    <>
      You have been invited to <strong className="font-medium text-neutral-900">{invitation.hoa_name}</strong>. Your account ({invitation.email}) already belongs to another HOA: accept with it, and switch between your HOAs from the menu under your name.
    </>
  );

  return (
    <AuthCard title={`Join ${invitation.hoa_name}`} icon={<HomeIcon className="size-6" />} description={description}>
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {signedInAsInvited ? (
          <Button className="w-full" busy={busy} busyText="Accepting..." onClick={() => void accept('/api/auth/join')}>
            Accept Invitation
          </Button>
        ) : user ? (
          <>
            <Alert tone="warning">{AUTH_MESSAGES.invitationForAnotherEmail}</Alert>
            <Button variant="secondary" className="w-full" onClick={() => void signOut()}>
              Sign Out
            </Button>
          </>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              // The rule the server checks again (joinSignInBody).
              setPasswordError(password.length < 6 ? AUTH_MESSAGES.passwordMin6 : null);
              if (password.length >= 6) void accept('/api/auth/join/sign-in');
            }}
          >
            <Field label="Password" hint="The password you sign in with." error={passwordError ?? undefined}>
              <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!passwordError} autoFocus />
            </Field>
            <Button type="submit" className="w-full" busy={busy} busyText="Accepting...">
              Sign In and Accept
            </Button>
          </form>
        )}
      </div>
    </AuthCard>
  );
}
