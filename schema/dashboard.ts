/**
 * The dashboard (platform §2, §3, §7), shared half: its texts, shapes, and the one function that
 * computes its figures from synced values. The client runs it over its local cache (instant and
 * offline); the server runs it over the same values for GET /api/dashboard/* — so both answer the
 * same. Each synced area contributes its metric and its activity (`DashboardSource`, declared with
 * the area in sync/areas/<area>.ts); community figures (units, occupied, board members) come from the
 * directory, which is not synced, and are added by the server.
 */

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard data',
  noActivity: 'No recent activity in the last 7 days',
  retry: 'Retry',
} as const;

/** A metric's change compares the last 30 days with the 30 before. */
export const METRIC_WINDOW_DAYS = 30;
/** Recent activity covers the last 7 days. */
export const ACTIVITY_DAYS = 7;
/** At most this many activity items are listed. */
export const ACTIVITY_LIMIT = 10;
const DAY = 86_400_000;

export type MetricKey = 'outstandingDues' | 'maintenanceRequests' | 'announcements' | 'documents';
export type ChangeType = 'increase' | 'decrease' | 'neutral';

export interface DashboardMetric {
  title: string;
  /** As shown: "12", "$1,250.00". */
  value: string;
  /** As shown: "+20% from last month", "No change from last month". */
  change: string;
  changeType: ChangeType;
  /** The icon's name in the client's icon set. */
  icon: string;
}

export type ActivityType = 'announcement' | 'request' | 'document' | 'violation' | 'payment';

export interface ActivityItem {
  /** `<type>:<row id>[:<event>]`, unique in the list. */
  id: string;
  type: ActivityType;
  title: string;
  description: string;
  /** ISO 8601. */
  time: string;
}

export interface CommunityInfo {
  units: number;
  occupied: number;
  boardMembers: number;
}

export interface DashboardMetrics {
  metrics: Partial<Record<MetricKey, DashboardMetric>>;
  community: CommunityInfo | null;
}

/** What one synced area gives the dashboard, computed from the values the viewer holds of `space`. */
export interface DashboardSource<V = unknown> {
  space: string;
  metric?: { key: MetricKey; compute(values: readonly V[], now: number): DashboardMetric };
  activity?(values: readonly V[], now: number): ActivityItem[];
}

/** Keeps a source's value type while the composed lists hold `DashboardSource<unknown>`. */
export const dashboardSource = <V>(source: DashboardSource<V>): DashboardSource<unknown> => source as DashboardSource<unknown>;

/** The two windows a change compares: [now − 30 days, now] and the 30 days before. */
export function windows(now: number): { current: (t: number | null) => boolean; previous: (t: number | null) => boolean } {
  const span = METRIC_WINDOW_DAYS * DAY;
  return {
    current: (t) => t != null && t > now - span && t <= now,
    previous: (t) => t != null && t > now - 2 * span && t <= now - span,
  };
}

/** "+20% from last month" / "-5% …" / "No change …": the last 30 days against the 30 before. */
export function changeBetween(current: number, previous: number): Pick<DashboardMetric, 'change' | 'changeType'> {
  if (current === previous) return { change: 'No change from last month', changeType: 'neutral' };
  if (previous === 0) return { change: `+${current} new this month`, changeType: 'increase' };
  const pct = Math.round(((current - previous) / previous) * 100);
  return current > previous ? { change: `+${pct}% from last month`, changeType: 'increase' } : { change: `${pct}% from last month`, changeType: 'decrease' };
}

/**
 * A count metric over what `counts` accepts: its value is how many fell in the last 30 days by
 * `at` (`of: 'month'`) or how many there are (`of: 'all'`); the change compares the last 30 days
 * with the 30 before.
 */
export function countMetric<V>(
  values: readonly V[],
  now: number,
  opts: { title: string; icon: string; of: 'month' | 'all'; counts: (v: V) => boolean; at: (v: V) => number | null },
): DashboardMetric {
  const w = windows(now);
  let value = 0;
  let current = 0;
  let previous = 0;
  for (const v of values) {
    if (!opts.counts(v)) continue;
    value++;
    const t = opts.at(v);
    if (w.current(t)) current++;
    else if (w.previous(t)) previous++;
  }
  const shown = opts.of === 'month' ? current : value;
  return { title: opts.title, icon: opts.icon, value: shown.toLocaleString('en-US'), ...changeBetween(current, previous) };
}

export const isRecent = (t: number | null | undefined, now: number) => t != null && t > now - ACTIVITY_DAYS * DAY && t <= now;

/** Every source's metric and activity over the values of its space; newest activity first. */
export function computeDashboard(
  sources: readonly DashboardSource[],
  valuesOf: (space: string) => readonly unknown[],
  now: number,
): { metrics: DashboardMetrics['metrics']; activity: ActivityItem[] } {
  const metrics: DashboardMetrics['metrics'] = {};
  const activity: ActivityItem[] = [];
  for (const source of sources) {
    const values = valuesOf(source.space);
    if (source.metric) metrics[source.metric.key] = source.metric.compute(values, now);
    if (source.activity) activity.push(...source.activity(values, now));
  }
  // Ties by id in code-unit order: ids are ASCII, and localeCompare builds an ICU collator on first use.
  activity.sort((a, b) => (a.time === b.time ? (a.id < b.id ? -1 : 1) : a.time < b.time ? 1 : -1));
  return { metrics, activity: activity.slice(0, ACTIVITY_LIMIT) };
}
