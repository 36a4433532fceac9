/**
 * /choose-hoa: the HOAs of an account that belongs to several (after signing in, and from the menu
 * under one's name). Opening another one switches the session; the HOA left keeps its cache
 * (client/lib/hoa-switch.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { AUTH_MESSAGES, type MembershipChoice } from '../../../schema/auth';
import { ROLE_LABELS } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { fetchMemberships, switchHoa } from '../../lib/hoa-switch';
import { Alert, Badge, Button, PageHeader } from '../../ui';
import { LoadingText } from '../../ui/Loading';
import { HomeIcon } from '../../ui/icons';

/** Listing the HOAs or switching needs the server: said plainly when it cannot be reached. */
const OFFLINE = 'Choosing an HOA needs a connection. Try again when you are back online.';

export function ChooseHoaPage() {
  const [, navigate] = useLocation();
  const [memberships, setMemberships] = useState<MembershipChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    fetchMemberships().then(setMemberships, (e: unknown) => setError(errorMessage(e, OFFLINE)));
  }, []);
  useEffect(load, [load]);

  const open = async (m: MembershipChoice) => {
    if (m.current) return navigate('/dashboard');
    setOpening(m.hoa_id);
    setError(null);
    try {
      await switchHoa(m.hoa_id);
    } catch (e) {
      setOpening(null);
      setError(errorMessage(e, AUTH_MESSAGES.switchFailed));
    }
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Choose an HOA" subtitle="Your account belongs to more than one HOA. Choose the one to open; you can switch at any time from the menu under your name." />
      {error && (
        <Alert
          tone="error"
          className="mb-4"
          action={
            !memberships && (
              <Button variant="secondary" size="sm" onClick={load}>
                Try again
              </Button>
            )
          }
        >
          {error}
        </Alert>
      )}
      {!memberships && !error && <LoadingText label="Loading your HOAs..." />}
      {memberships && (
        <ul className="space-y-3" aria-label="Your HOAs">
          {memberships.map((m) => (
            <li key={m.hoa_id}>
              <div className="flex items-center gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-card">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700" aria-hidden="true">
                  <HomeIcon className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-neutral-900">{m.hoa_name}</p>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-600">
                    {ROLE_LABELS[m.role]}
                    {m.current && <Badge variant="success">Current</Badge>}
                  </p>
                </div>
                <Button variant={m.current ? 'secondary' : 'primary'} busy={opening === m.hoa_id} busyText="Opening..." disabled={opening != null} onClick={() => void open(m)} aria-label={`Open ${m.hoa_name}`}>
                  Open
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
