import type { ReactNode } from 'react';
import type { Plan } from '../../../schema/signup';
import { formatDollars } from '../../../schema/money';
import { Badge } from '../../ui/Badge';
import { cx } from '../../ui/cx';
import { CheckIcon } from '../../ui/icons';

/** "Up to 50 units" (the free plan: "Unlimited units"). */
export const unitsText = (plan: Pick<Plan, 'max_units'>) => (plan.max_units == null ? 'Unlimited units' : `Up to ${plan.max_units} units`);

/**
 * A plan as the signup, billing and reactivation screens show it: name, monthly price, units, its
 * features, and the screen's own badge, note and action. `onSelect` makes the whole card a choice.
 */
export function PlanCard({
  plan,
  selected = false,
  badge,
  note,
  action,
  onSelect,
  showFeatures = true,
}: {
  plan: Plan;
  selected?: boolean;
  badge?: ReactNode;
  note?: ReactNode;
  action?: ReactNode;
  onSelect?: () => void;
  showFeatures?: boolean;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-neutral-900">{plan.display_name}</h3>
        {selected ? <Badge variant="success">Selected</Badge> : badge}
      </div>
      <p className="mt-2 text-neutral-900">
        <span className="text-3xl font-bold tabular-nums">{formatDollars(plan.price)}</span>
        <span className="text-sm text-neutral-600">/month</span>
      </p>
      <p className="mt-1 text-sm font-medium text-neutral-700">{unitsText(plan)}</p>
      <p className="mt-1 text-sm text-neutral-600">{plan.description}</p>
      {showFeatures && (
        <ul className="mt-4 space-y-1.5 text-sm text-neutral-700">
          {plan.features.map((f) => (
            <li key={f} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-accent-700" />
              {f}
            </li>
          ))}
        </ul>
      )}
      {note && <p className="mt-4 text-xs text-neutral-600">{note}</p>}
      {action && <div className="mt-4">{action}</div>}
    </>
  );
  const frame = cx(
    'flex h-full flex-col rounded-xl border bg-white p-5 text-left shadow-card transition-colors',
    selected ? 'border-accent-600 ring-2 ring-accent-600' : 'border-neutral-200',
    onSelect && 'cursor-pointer hover:border-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
  );
  if (onSelect) {
    return (
      <button type="button" className={frame} onClick={onSelect} aria-pressed={selected}>
        {body}
      </button>
    );
  }
  return <div className={frame}>{body}</div>;
}
