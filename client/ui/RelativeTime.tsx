import { formatDateTime, formatRelative } from '../lib/format';

/** "3 hours ago", with the exact time on hover. */
export function RelativeTime({ value }: { value: string | number | Date }) {
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatRelative(date)}
    </time>
  );
}
