/**
 * The dashboard, shared half: its texts, shapes, and the one function that
 * computes its figures from synced values. The client runs it over its local cache (instant and
 * offline); the server runs it over the same values for GET /api/dashboard/* — so both answer the
 * same. Each synced area contributes its metric and its activity (`DashboardSource`, declared with
 * the area in sync/areas/<area>.ts); community figures (units, occupied, board members) come from the
 * directory, which is not synced, and are added by the server.
 */
import { groupDigits } from './en-us';
import { isPrivileged, type Role } from './roles';

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard data',
  noActivity: 'No recent activity in the last 7 days',
  retry: 'Retry',
  // Not printed by the spec: why Pay Monthly Dues is disabled.
  payDuesWhy: 'Each invoice is paid from its own page under Dues.',
} as const;

/** Who sees the dashboard: the screen, its navigation entry and the API alike. */
export const dashboardPolicy = {
  maySee: (role: Role) => isPrivileged(role),
  /** A user's home (the logo, Support's back link, the dashboard's redirect): residents' is /announcements. */
  homeOf: (role: Role) => (dashboardPolicy.maySee(role) ? { path: '/dashboard', label: 'Dashboard' } : { path: '/announcements', label: 'Announcements' }),
};

/** A metric's change compares the last 30 days with the 30 before. */
export const METRIC_WINDOW_DAYS = 30;
/** Recent activity covers the last 7 days. */
export const ACTIVITY_DAYS = 7;
/** At most this many activity items are listed. */
export const ACTIVITY_LIMIT = 10;
const DAY = 86_400_000;

/** Which way the figure moved (or that it did not). */
export type ChangeType = 'increase' | 'decrease' | 'neutral';
/** Whether the change line is good or bad news for the HOA (its colour), whichever way it moved. */
export type MetricTone = 'good' | 'bad' | 'neutral';

export interface DashboardMetric {
  title: string;
  /** As shown: "12", "$1,250.00". */
  value: string;
  /**
   * As shown, about the value above it: "+20% from last month" (a month's count against the month
   * before), "+3 new this month" (what a total gained), or what a sum counts ("5 open invoices").
   */
  change: string;
  changeType: ChangeType;
  tone: MetricTone;
  /** The icon's name in the client's icon set. */
  icon: string;
}

export type ActivityType = 'announcement' | 'request' | 'document' | 'violation' | 'payment' | 'application';

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

/** `Key`: the metric keys the synced areas declare (`MetricKey`, sync/areas/index.ts). */
export interface DashboardMetrics<Key extends string = string> {
  metrics: Partial<Record<Key, DashboardMetric>>;
  community: CommunityInfo | null;
}

/**
 * What one synced area gives the dashboard, computed from the values the viewer holds of `space`.
 * `Key` is its metric's key as written, so the keys of every card derive from the areas' sources.
 */
export interface DashboardSource<V = unknown, Key extends string = string> {
  space: string;
  metric?: { key: Key; compute(values: readonly V[], now: number): DashboardMetric };
  activity?(values: readonly V[], now: number): ActivityItem[];
}

/**
 * Keeps a source's value type while the composed lists hold `DashboardSource<unknown>`, and its
 * metric's key as written (the keys of the cards derive from it): `dashboardSource<SyncedX>()({ … })`,
 * two calls because TypeScript infers no type argument of a call that names one.
 */
export const dashboardSource =
  <V>() =>
  <const Key extends string = never>(source: DashboardSource<V, Key>): DashboardSource<unknown, Key> =>
    source as DashboardSource<unknown, Key>;

/** The two windows a change compares: [now − 30 days, now] and the 30 days before. */
export function windows(now: number): { current: (t: number | null) => boolean; previous: (t: number | null) => boolean } {
  const span = METRIC_WINDOW_DAYS * DAY;
  return {
    current: (t) => t != null && t > now - span && t <= now,
    previous: (t) => t != null && t > now - 2 * span && t <= now - span,
  };
}

/** The tone of a change, given what a rise of the figure means for the HOA. */
export function toneOf(changeType: ChangeType, rise: MetricTone): MetricTone {
  if (changeType === 'neutral' || rise === 'neutral') return 'neutral';
  if (changeType === 'increase') return rise;
  return rise === 'good' ? 'bad' : 'good';
}

/**
 * "+20% from last month" / "-5% …" / "No change …": a month's count (the value shown) against the
 * month before; `rise` says whether more is good for the HOA.
 */
export function changeBetween(current: number, previous: number, rise: MetricTone = 'neutral'): Pick<DashboardMetric, 'change' | 'changeType' | 'tone'> {
  const at = (change: string, changeType: ChangeType) => ({ change, changeType, tone: toneOf(changeType, rise) });
  if (current === previous) return at('No change from last month', 'neutral');
  if (previous === 0) return at(`+${current} new this month`, 'increase');
  const pct = Math.round(((current - previous) / previous) * 100);
  return current > previous ? at(`+${pct}% from last month`, 'increase') : at(`${pct}% from last month`, 'decrease');
}

/** "+3 new this month" / "None new this month": what a total (the value shown) gained in the last 30 days. */
export function newThisMonth(added: number, rise: MetricTone = 'neutral'): Pick<DashboardMetric, 'change' | 'changeType' | 'tone'> {
  if (added === 0) return { change: 'None new this month', changeType: 'neutral', tone: 'neutral' };
  return { change: `+${groupDigits(added)} new this month`, changeType: 'increase', tone: toneOf('increase', rise) };
}

/**
 * A count metric over what `counts` accepts. `of: 'month'`: the value is how many fell in the last 30
 * days by `at`, and the change compares them with the 30 days before. `of: 'all'`: the value is how
 * many there are, and the change says how many of them are new in the last 30 days (a total's
 * month-ago figure is not known: what was deleted meanwhile is gone). `rise`: whether more is good
 * for the HOA (the change's colour).
 */
export function countMetric<V>(
  values: readonly V[],
  now: number,
  opts: { title: string; icon: string; of: 'month' | 'all'; rise: MetricTone; counts: (v: V) => boolean; at: (v: V) => number | null },
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
  const figure = opts.of === 'month' ? current : value;
  const change = opts.of === 'month' ? changeBetween(current, previous, opts.rise) : newThisMonth(current, opts.rise);
  return { title: opts.title, icon: opts.icon, value: groupDigits(figure), ...change };
}

export const isRecent = (t: number | null | undefined, now: number) => t != null && t > now - ACTIVITY_DAYS * DAY && t <= now;

/** Every source's metric and activity over the values of its space; newest activity first. */
export function computeDashboard<Key extends string>(
  sources: readonly DashboardSource<unknown, Key>[],
  valuesOf: (space: string) => readonly unknown[],
  now: number,
): { metrics: DashboardMetrics<Key>['metrics']; activity: ActivityItem[] } {
  const metrics: DashboardMetrics<Key>['metrics'] = {};
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
