import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { hoaSetupForm, SIGNUP_MESSAGES, type CompleteResponse } from '../../../schema/signup';
import { ApiError, errorMessage, rawRequest } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field, Input } from '../../ui/Field';
import { signupApi } from './signup-api';
import { disableResume, updateSignup, useSignup } from './signup-state';
import { SignupProgress } from './SignupProgress';

/**
 * Step 1's call with the completion's token; when that expired (15 minutes), once more with a fresh one
 * from the refresh cookie the completion set.
 */
async function saveHoa(done: CompleteResponse, body: { name: string; city?: string; zip?: string }) {
  try {
    return await signupApi.hoaSetup(done.token, body);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
    const fresh = await rawRequest<{ accessToken: string }>('/api/auth/refresh', { method: 'POST' });
    updateSignup({
      completionResponse: {
        ...done,
        token: fresh.accessToken,
        accessToken: fresh.accessToken,
      },
    });
    return signupApi.hoaSetup(fresh.accessToken, body);
  }
}

/** /signup/hoa-setup: name, city and ZIP, then the addresses step ('Coming Soon' or 'Skip for Now'). */
export function HoaSetupPage() {
  const s = useSignup();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState(() => ({
    name: s.hoa.name || s.completionResponse?.hoa.name || s.account.hoa_name,
    city: s.hoa.city,
    zip: s.hoa.zip,
  }));
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle('Set Up Your HOA');
  const { errors, error, busy, onSubmit } = useFormSubmit(
    hoaSetupForm,
    values,
    async (data) => {
      const done = s.completionResponse!;
      const saved = await saveHoa(done, data);
      updateSignup((cur) => ({
        hoa: {
          name: saved.hoa.name,
          city: saved.hoa.city ?? '',
          zip: saved.hoa.zip ?? '',
        },
        completionResponse: cur.completionResponse && {
          ...cur.completionResponse,
          hoa: saved.hoa,
        },
      }));
      setStep(2);
    },
    (e) => errorMessage(e, SIGNUP_MESSAGES.createFailed),
  );
  if (!s.completionResponse) return <Redirect to="/signup" replace />;

  // A field's error clears as soon as that field is edited: useFormSubmit shows only current ones.
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const back = () => {
    if (step === 2) return setStep(1);
    // Plan selection, without the saved state sending the visitor straight back here.
    disableResume();
    navigate('/signup');
  };

  return (
    <div className="mx-auto w-full max-w-2xl pt-2 sm:pt-6">
      <SignupProgress step={4} percent={step === 1 ? 70 : 80} />
      <Card className="space-y-5 p-5 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-accent-700">{`Step ${step} of 2`}</p>
        </div>
        {step === 1 ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <div>
              <h1 className="text-xl font-semibold text-neutral-900">Tell us about your HOA</h1>
              <p className="text-sm text-neutral-600">You can add this information later</p>
            </div>
            {error && <Alert tone="error">{error}</Alert>}
            <Field label="HOA Name" error={errors.name} required>
              <Input name="name" value={values.name} onChange={set('name')} invalid={!!errors.name} autoComplete="organization" />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="City" error={errors.city}>
                <Input name="city" value={values.city} onChange={set('city')} autoComplete="address-level2" />
              </Field>
              <Field label="ZIP Code" error={errors.zip}>
                <Input name="zip" value={values.zip} onChange={set('zip')} autoComplete="postal-code" inputMode="numeric" />
              </Field>
            </div>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
              <Button type="button" variant="secondary" onClick={back}>
                Back
              </Button>
              <Button type="submit" busy={busy} busyText="Saving...">
                Continue
              </Button>
            </div>
          </form>
        ) : (
          <div className="space-y-4">
            <div>
              <h1 className="text-xl font-semibold text-neutral-900">Add your property addresses</h1>
              <p className="text-sm text-neutral-600">Your plan adjusts automatically to the number of addresses, and you can change it later.</p>
            </div>
            {notice && <Alert tone="info">{notice}</Alert>}
            <div className="grid gap-4 sm:grid-cols-2">
              <button
                type="button"
                aria-disabled="true"
                onClick={() => setNotice(SIGNUP_MESSAGES.uploadComingSoon)}
                className="rounded-xl border border-dashed border-neutral-300 bg-neutral-50 p-5 text-left text-neutral-500"
              >
                <span className="flex items-center justify-between gap-2 font-semibold text-neutral-700">
                  Upload Excel/CSV file <Badge variant="secondary">Coming Soon</Badge>
                </span>
                <span className="mt-1 block text-sm">Import every address at once.</span>
              </button>
              <button type="button" onClick={() => navigate('/signup/complete')} className="rounded-xl border border-neutral-200 bg-white p-5 text-left shadow-card hover:border-accent-500">
                <span className="block font-semibold text-neutral-900">Skip for Now</span>
                <span className="mt-1 block text-sm text-neutral-600">Add addresses later from the Address Directory.</span>
              </button>
            </div>
            <Button type="button" variant="secondary" onClick={back}>
              Back
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
