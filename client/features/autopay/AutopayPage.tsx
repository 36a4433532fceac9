/**
 * /autopay: the signed-in member's saved cards and bank accounts (added on the provider's page,
 * removed here) and their one autopay: on or off, which method, on the due date or when issued,
 * paused and resumed, and what it charges next. Online only: it says so offline.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  AUTOPAY_MESSAGES,
  AUTOPAY_STATUS_LABELS,
  AUTOPAY_TIMING_LABELS,
  AUTOPAY_TIMINGS,
  savedMethodText,
  type ApiAutopay,
  type AutopayBody,
  type AutopayTiming,
  type SavedMethodKind,
} from '../../../schema/autopay';
import { formatDay } from '../../../schema/days';
import { localIsoDay } from '../../../schema/en-us';
import { formatUsd } from '../../../schema/money';
import { errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/replicache';
import { Alert, Badge, Button, Card, CardBody, CardHeader, EmptyState, Field, optionsOf, PageHeader, Select, Spinner } from '../../ui';
import { autopayApi } from './autopay-api';

const dayOfIso = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
/** Today as YYYY-MM-DD on this device: a charge day already reached is charged at the next run. */
const todayIso = () => localIsoDay();

export function AutopayPage() {
  const online = useOnline();
  const [data, setData] = useState<ApiAutopay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    // Back from the provider's setup page: the method just saved is recorded with this read.
    const setup = new URLSearchParams(window.location.search).get('setup') ?? undefined;
    try {
      setData(await autopayApi.read(setup));
      if (setup) {
        window.history.replaceState(null, '', '/autopay');
        setNotice('Payment method saved.');
      }
    } catch (e) {
      setError(errorMessage(e, 'Autopay could not be loaded. Please try again.'));
    }
  }, []);
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  async function act(key: string, call: () => Promise<ApiAutopay | void>, done?: string) {
    setBusy(key);
    setError(null);
    setNotice(null);
    try {
      const next = await call();
      if (next) setData(next);
      else setData(await autopayApi.read());
      if (done) setNotice(done);
    } catch (e) {
      setError(errorMessage(e, 'That did not work. Please try again.'));
    } finally {
      setBusy(null);
    }
  }
  const change = (key: string, body: AutopayBody, done: string) => act(key, () => autopayApi.change(body), done);

  async function addMethod(kind: SavedMethodKind) {
    setBusy(kind);
    setError(null);
    try {
      window.location.assign((await autopayApi.setup(kind)).url);
    } catch (e) {
      setBusy(null);
      setError(errorMessage(e, 'The setup page could not be opened. Please try again.'));
    }
  }

  const enrollment = data?.enrollment ?? null;
  const methods = data?.methods ?? [];
  const on = enrollment?.status === 'active';
  const enrolled = enrollment && enrollment.status !== 'stopped';
  const [methodId, setMethodId] = useState('');
  const [timing, setTiming] = useState<AutopayTiming>('due_date');
  useEffect(() => {
    setMethodId(enrollment?.method_id ?? data?.methods[0]?._id ?? '');
    setTiming(enrollment?.timing ?? 'due_date');
  }, [enrollment?.method_id, enrollment?.timing, data]);
  const offline = !online;
  const disabled = offline || busy !== null;

  return (
    <div className="space-y-6">
      <PageHeader title="Autopay" subtitle="Pay your invoices automatically with a saved card or bank account" />
      {offline && <Alert tone="warning">{AUTOPAY_MESSAGES.online}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {online && !data && !error && <Spinner />}
      {data && !data.payments_ready && <Alert tone="warning">Your HOA does not take payments online yet, so autopay cannot charge anything.</Alert>}
      {data && (
        <>
          <Card>
            <CardHeader
              title="Autopay"
              description="Each open invoice is charged once. If a charge fails, we email you, the invoice stays open for you to pay, and we try once more three days later."
              actions={<Badge variant={on ? 'success' : enrollment?.status === 'paused' ? 'warning' : 'secondary'}>{AUTOPAY_STATUS_LABELS[enrollment?.status ?? 'stopped']}</Badge>}
            />
            <CardBody className="space-y-4">
              {methods.length === 0 ? (
                <p className="text-sm text-neutral-600">Save a card or bank account below to turn autopay on.</p>
              ) : (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label="Pay with">
                      <Select
                        value={methodId}
                        options={methods.map((m) => ({ value: m._id, label: savedMethodText(m) }))}
                        disabled={disabled}
                        onChange={(v) => {
                          setMethodId(v);
                          if (enrolled) void change('method', { method_id: v }, 'Autopay now uses this payment method.');
                        }}
                      />
                    </Field>
                    <Field label="When to charge">
                      <Select
                        value={timing}
                        options={optionsOf(AUTOPAY_TIMINGS, AUTOPAY_TIMING_LABELS)}
                        disabled={disabled}
                        onChange={(v) => {
                          setTiming(v);
                          if (enrolled) void change('timing', { timing: v }, `${AUTOPAY_TIMING_LABELS[v]}: saved.`);
                        }}
                      />
                    </Field>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {!enrolled && (
                      <Button busy={busy === 'on'} disabled={disabled || !methodId} onClick={() => change('on', { method_id: methodId, timing, status: 'active' }, 'Autopay is on.')}>
                        Turn on autopay
                      </Button>
                    )}
                    {on && (
                      <Button variant="secondary" busy={busy === 'pause'} disabled={disabled} onClick={() => change('pause', { status: 'paused' }, 'Autopay is paused. Nothing is charged until you resume it.')}>
                        Pause
                      </Button>
                    )}
                    {enrollment?.status === 'paused' && (
                      <Button busy={busy === 'resume'} disabled={disabled} onClick={() => change('resume', { status: 'active' }, 'Autopay is on again.')}>
                        Resume
                      </Button>
                    )}
                    {enrolled && (
                      <Button variant="danger-ghost" busy={busy === 'stop'} disabled={disabled} onClick={() => change('stop', { status: 'stopped' }, 'Autopay is off.')}>
                        Turn off autopay
                      </Button>
                    )}
                  </div>
                </>
              )}
            </CardBody>
          </Card>

          <Card>
            <CardHeader title="Next charges" description={on ? 'What autopay will charge, and when.' : 'Nothing is charged while autopay is paused or off.'} />
            <CardBody>
              {data.upcoming.length === 0 ? (
                <p className="text-sm text-neutral-600">{on ? 'No open invoices to charge.' : 'No charges planned.'}</p>
              ) : (
                <ul className="divide-y divide-neutral-200">
                  {data.upcoming.map((c) => (
                    <li key={c.invoice_id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                      <span>
                        <a className="font-medium text-accent-700 hover:underline" href={`/invoices/${c.invoice_id}`}>
                          {c.title}
                        </a>
                        {c.attempt > 1 && <span className="text-neutral-500"> (retry)</span>}
                      </span>
                      <span className="text-neutral-700">
                        {formatUsd(c.amount_cents)} {c.charge_on <= todayIso() ? 'now (at the next run)' : `on ${formatDay(dayOfIso(c.charge_on))}`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {data.attempts.some((a) => a.status === 'failed') && (
                <div className="mt-4 space-y-2">
                  {data.attempts
                    .filter((a) => a.status === 'failed')
                    .slice(0, 3)
                    .map((a) => (
                      <Alert key={a._id} tone="error">
                        A charge of {formatUsd(a.amount_cents)} failed on {formatDay(Date.parse(a.created_at))}: {a.failure_reason}
                      </Alert>
                    ))}
                </div>
              )}
            </CardBody>
          </Card>

          <Card>
            <CardHeader title="Saved payment methods" />
            <CardBody className="space-y-4">
              {methods.length === 0 ? (
                <EmptyState title="No saved payment methods" description="Add a card or a US bank account to pay by autopay." />
              ) : (
                <ul className="divide-y divide-neutral-200">
                  {methods.map((m) => (
                    <li key={m._id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="font-medium whitespace-nowrap text-neutral-900">{savedMethodText(m)}</span>
                        {m.exp_month && m.exp_year && <span className="whitespace-nowrap text-neutral-500">Expires {String(m.exp_month).padStart(2, '0')}/{m.exp_year}</span>}
                        {enrolled && enrollment?.method_id === m._id && <Badge variant="default">Autopay</Badge>}
                      </span>
                      <Button variant="danger-ghost" size="sm" busy={busy === `remove:${m._id}`} disabled={disabled} onClick={() => act(`remove:${m._id}`, async () => void (await autopayApi.remove(m._id)), 'Payment method removed.')} aria-label={`Remove ${savedMethodText(m)}`}>
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" busy={busy === 'card'} disabled={disabled} onClick={() => addMethod('card')}>
                  Add card
                </Button>
                <Button variant="secondary" busy={busy === 'us_bank_account'} disabled={disabled} onClick={() => addMethod('us_bank_account')}>
                  Add bank account
                </Button>
              </div>
            </CardBody>
          </Card>
        </>
      )}
    </div>
  );
}
