import { useState } from 'react';
import { isSignupEmail, SIGNUP_MESSAGES, signupAccountForm, type TrialResponse } from '../../../schema/signup';
import { ApiError } from '../../lib/api';
import { useZodArrived } from '../../lib/deferred-zod';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field, Input, PasswordInput } from '../../ui/Field';
import { CheckCircleIcon, XIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { signupApi } from './signup-api';
import { keepTypedPasswords, rememberAttempt, typedPasswords, updateSignup, useSignup } from './signup-state';
import { useAvailability, type Availability } from './use-availability';

function Indicator({ state, label }: { state: Availability; label: string }) {
  const shown = {
    idle: null,
    checking: <Spinner className="size-4 text-neutral-500" />,
    available: <CheckCircleIcon className="size-5 text-success-600" />,
    taken: <XIcon className="size-5 text-danger-600" />,
  }[state];
  const text = {
    idle: '',
    checking: `Checking ${label}...`,
    available: `${label} is available`,
    taken: `${label} is taken`,
  }[state];
  return (
    <span className="absolute inset-y-0 right-3 flex items-center" role="status" data-availability={state}>
      {shown}
      <span className="sr-only">{text}</span>
    </span>
  );
}

/** Step 2 'Create Your Account': the trial call creates the HOA and its superadmin. */
export function AccountStep({ onBack, onDone }: { onBack: () => void; onDone: (r: TrialResponse) => void }) {
  const saved = useSignup();
  // Back from the card step, the passwords typed before are there again (kept in memory only).
  const [values, setValues] = useState(() => ({ ...saved.account, ...typedPasswords() }));
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [k]: value }));
    if (k === 'password' || k === 'confirmPassword') keepTypedPasswords({ ...typedPasswords(), [k]: value });
  };
  // The address is asked about once it is one, by the shared rule (once zod is there: lib/deferred-zod.ts).
  const emailChecked = useZodArrived() && isSignupEmail(values.email);
  const email = useAvailability('email', values.email.trim().toLowerCase(), emailChecked);
  const hoaName = useAvailability('hoa_name', values.hoa_name.trim(), values.hoa_name.trim().length > 0);
  const checking = email === 'checking' || hoaName === 'checking';

  const { errors, error, busy, onSubmit } = useFormSubmit(
    signupAccountForm,
    values,
    async (data) => {
      if (!saved.plan) return SIGNUP_MESSAGES.selectPlanFirst;
      updateSignup({
        account: {
          email: data.email,
          name: data.name,
          hoa_name: data.hoa_name,
        },
      });
      const r = await signupApi.trial({
        email: data.email,
        password: data.password,
        name: data.name,
        hoa_name: data.hoa_name,
        plan: saved.plan,
      });
      if (!r?.setup_intent_client_secret || !r.setup_intent_id) return SIGNUP_MESSAGES.missingPaymentId;
      rememberAttempt(r);
      onDone(r);
    },
    (e) => (e instanceof ApiError && e.kind === 'http' ? (e.serverMessage ?? SIGNUP_MESSAGES.createFailed) : SIGNUP_MESSAGES.createFailed),
  );
  // The live checks speak before the form is sent; the server's answer wins after.
  const emailError = errors.email ?? (email === 'taken' ? SIGNUP_MESSAGES.emailTaken : undefined);
  const hoaError = errors.hoa_name ?? (hoaName === 'taken' ? SIGNUP_MESSAGES.hoaNameTaken : undefined);

  return (
    <Card className="mx-auto max-w-lg p-5 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Email" error={emailError} required>
          <div className="relative">
            <Input type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} invalid={!!emailError} className="pr-10" />
            <Indicator state={email} label="Email" />
          </div>
        </Field>
        <Field label="Password" error={errors.password} hint="At least 8 characters with a letter and a number" required>
          <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={set('password')} invalid={!!errors.password} />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword} required>
          <PasswordInput name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} invalid={!!errors.confirmPassword} />
        </Field>
        <Field label="Full Name" error={errors.name} required>
          <Input name="name" autoComplete="name" value={values.name} onChange={set('name')} invalid={!!errors.name} />
        </Field>
        <Field label="HOA Name" error={hoaError} required>
          <div className="relative">
            <Input name="hoa_name" autoComplete="organization" value={values.hoa_name} onChange={set('hoa_name')} invalid={!!hoaError} className="pr-10" />
            <Indicator state={hoaName} label="HOA name" />
          </div>
        </Field>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="secondary" onClick={onBack}>
            Back to Plans
          </Button>
          <Button type="submit" busy={busy} busyText="Creating Account..." disabled={checking || email === 'taken' || hoaName === 'taken'}>
            Continue to Payment Setup
          </Button>
        </div>
      </form>
    </Card>
  );
}
