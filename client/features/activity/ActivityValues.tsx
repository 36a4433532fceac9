/** The changed fields of an entry: each field with its value before and after. */
import type { ApiActivity } from '../../../schema/activity';
import { formatUsd } from '../../../schema/money';

/** A value as read: amounts (fields in cents) in dollars, nothing as a dash. */
const shown = (key: string, v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'number' && key.endsWith('_cents') ? formatUsd(v) : typeof v === 'object' ? JSON.stringify(v) : String(v);
const fieldName = (key: string) => key.replace(/_cents$/, '').replace(/_/g, ' ');

export function ActivityValues({ entry }: { entry: Pick<ApiActivity, 'before' | 'after'> }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="text-neutral-500">—</span>;
  return (
    <dl className="space-y-0.5 text-sm">
      {keys.map((k) => (
        <div key={k} className="break-words">
          <dt className="inline text-neutral-500">{fieldName(k)}: </dt>
          <dd className="inline text-neutral-800">
            {entry.before && k in entry.before && <span className="text-neutral-500 line-through">{shown(k, entry.before[k])}</span>}
            {entry.before && k in entry.before && entry.after && k in entry.after && <span aria-label="changed to"> → </span>}
            {entry.after && k in entry.after && <span>{shown(k, entry.after[k])}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
