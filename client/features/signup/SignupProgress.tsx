import { SIGNUP_STEPS } from '../../../schema/signup';

export const STEP_NAMES = ['Choose Your Plan', 'Create Your Account', 'Secure Payment Setup', 'Set Up Your HOA', 'Complete'] as const;

/** 'Step X of Y: name' with the share of the 5 steps. `percent` overrides the bar's fill. */
export function SignupProgress({ step, percent }: { step: number; percent?: number }) {
  const total = SIGNUP_STEPS.length;
  const value = percent ?? Math.round((step / total) * 100);
  return (
    <div className="mb-6 space-y-2">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <p className="font-medium text-neutral-900">{`Step ${step} of ${total}: ${STEP_NAMES[step - 1]}`}</p>
        <p className="text-neutral-600 tabular-nums">{value}% complete</p>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-neutral-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label="Signup progress">
        <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
