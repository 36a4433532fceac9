import type { ReactNode } from "react";

/** One label and value of a summary list (`<dl>`): label left, value right, wrapping on phones. */
export function DetailRow({
  label,
  children,
}: {
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-medium text-neutral-900">{children}</dd>
    </div>
  );
}
