/**
 * Dashboard (board and superadmin):
 * - `GET /metrics`          → `{metrics: {maintenanceRequests?, announcements?, documents?, outstandingDues?}: DashboardMetric, community: {units, occupied, boardMembers}}`
 * - `GET /recent-activity`  → `ActivityItem[]` (`id, type, title, description, time` ISO), the last 7 days, newest first.
 * Shapes in schema/dashboard.ts. The client computes the same figures from its cache.
 */
import { Hono } from 'hono';
import { isPrivileged } from '../../schema/roles';
import { dashboardMetrics, recentActivity } from '../domain/dashboard';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';

export const dashboardRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, allow(isPrivileged, 'Access denied'))
  .get('/metrics', async (c) => c.json(await dashboardMetrics(c.var.deps, c.var.actor)))
  .get('/recent-activity', async (c) => c.json(await recentActivity(c.var.deps, c.var.actor)));
