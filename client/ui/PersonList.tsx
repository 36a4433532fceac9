import type { ReactNode } from 'react';

export interface ListedPerson {
  _id: string;
  name: string;
  email: string;
  /** On the right: a delivery badge, an error. */
  note?: ReactNode;
}

/** Names and emails in a list that scrolls at about 24rem; keyboard-scrollable. */
export function PersonList({ label, people, empty }: { label: string; people: readonly ListedPerson[]; empty: string }) {
  if (people.length === 0) return <p className="px-5 py-4 text-sm text-neutral-600">{empty}</p>;
  return (
    <ul className="max-h-96 divide-y divide-neutral-200 overflow-y-auto" tabIndex={0} aria-label={label}>
      {people.map((p) => (
        <li key={p._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-5 py-2.5 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium text-neutral-900">{p.name}</span>
            <span className="block truncate text-neutral-600">{p.email}</span>
          </span>
          {p.note}
        </li>
      ))}
    </ul>
  );
}
