/**
 * The route table of platform §2 with its guards, one line per path. Later issues replace an
 * area's `page` with the real screen (lazy-loaded so each area is its own chunk).
 */
import { lazy, type ComponentType } from 'react';
import { areaPage } from '../features/areas/AreaPage';

/**
 * public: signed-in visitors go to /dashboard; open: everyone; signed-in: any role;
 * board: board or superadmin; superadmin: superadmin only.
 */
export type Access = 'public' | 'open' | 'signed-in' | 'board' | 'superadmin';

export interface RouteDef {
  path: string;
  access: Access;
  page: ComponentType;
  /** Where an insufficient role goes; the spec's default is /dashboard. */
  denied?: string;
}

function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ActivationPage = page(() => import('../features/auth/ActivationPage'), 'ActivationPage');
const SupportPage = page(() => import('../features/support/SupportPage'), 'SupportPage');
const ProfilePage = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const RequestsPage = page(() => import('../features/areas/RequestsPage'), 'RequestsPage');
const AnnouncementsPage = page(() => import('../features/announcements/AnnouncementsPage'), 'AnnouncementsPage');
const AnnouncementDetailPage = page(() => import('../features/announcements/AnnouncementDetailPage'), 'AnnouncementDetailPage');
const AnnouncementCreatePage = page(() => import('../features/announcements/AnnouncementCreatePage'), 'AnnouncementCreatePage');
const AnnouncementEditPage = page(() => import('../features/announcements/AnnouncementEditPage'), 'AnnouncementEditPage');

const compliance = { title: 'Compliance' };
const violation = { title: 'Violation', breadcrumb: [{ label: 'Compliance', href: '/compliance' }] };
const violationMessages = { title: 'Messages', breadcrumb: [{ label: 'Compliance', href: '/compliance' }] };
const createViolation = { title: 'Create Violation', breadcrumb: [{ label: 'Compliance', href: '/compliance' }] };

export const ROUTES: RouteDef[] = [
  // Public (signed-in visitors are sent to /dashboard)
  { path: '/login', access: 'public', page: LoginPage },
  { path: '/forgot-password', access: 'public', page: ForgotPasswordPage },
  { path: '/reset-password', access: 'public', page: ResetPasswordPage },
  { path: '/invite/accept', access: 'public', page: ActivationPage },
  { path: '/signup', access: 'public', page: areaPage({ title: 'Start your free trial', bare: true }) },
  { path: '/signup/hoa-setup', access: 'public', page: areaPage({ title: 'Tell us about your HOA', bare: true }) },
  { path: '/signup/complete', access: 'public', page: areaPage({ title: 'Signup Complete', bare: true }) },
  // Open to everyone
  { path: '/support', access: 'open', page: SupportPage },
  { path: '/reactivation', access: 'open', page: areaPage({ title: 'Reactivate Your Subscription', bare: true }) },

  // Signed in, any role
  { path: '/', access: 'signed-in', page: DashboardPage },
  { path: '/dashboard', access: 'signed-in', page: DashboardPage },
  { path: '/announcements', access: 'signed-in', page: AnnouncementsPage },
  { path: '/announcements/create', access: 'board', denied: '/announcements', page: AnnouncementCreatePage },
  { path: '/announcements/:id/edit', access: 'board', denied: '/announcements', page: AnnouncementEditPage },
  { path: '/announcements/:id', access: 'signed-in', page: AnnouncementDetailPage },
  { path: '/requests', access: 'signed-in', page: RequestsPage },
  { path: '/requests/create', access: 'signed-in', page: areaPage({ title: 'Create Request', breadcrumb: [{ label: 'Requests', href: '/requests' }] }) },
  { path: '/requests/:id/messages', access: 'signed-in', page: areaPage({ title: 'Messages', breadcrumb: [{ label: 'Requests', href: '/requests' }] }) },
  { path: '/requests/:id', access: 'signed-in', page: areaPage({ title: 'Request Details', breadcrumb: [{ label: 'Requests', href: '/requests' }] }) },
  { path: '/documents', access: 'signed-in', page: areaPage({ title: 'Documents' }) },
  { path: '/dues', access: 'signed-in', page: areaPage({ title: 'Dues' }) },
  { path: '/dues/create', access: 'board', denied: '/dues', page: areaPage({ title: 'Create Due', breadcrumb: [{ label: 'Dues', href: '/dues' }] }) },
  { path: '/dues/:id', access: 'signed-in', page: areaPage({ title: 'Due Details', breadcrumb: [{ label: 'Dues', href: '/dues' }] }) },
  { path: '/invoices/:id', access: 'signed-in', page: areaPage({ title: 'Invoice', breadcrumb: [{ label: 'Dues', href: '/dues' }] }) },
  { path: '/profile', access: 'signed-in', page: ProfilePage },
  { path: '/compliance', access: 'signed-in', page: areaPage(compliance) },
  { path: '/compliance/create', access: 'board', page: areaPage(createViolation) },
  { path: '/compliance/:id/messages', access: 'signed-in', page: areaPage(violationMessages) },
  { path: '/compliance/:id', access: 'signed-in', page: areaPage(violation) },
  // /violations paths are the same screens (the Compliance entry is active for them)
  { path: '/violations', access: 'signed-in', page: areaPage(compliance) },
  { path: '/violations/create', access: 'board', page: areaPage(createViolation) },
  { path: '/violations/:id/messages', access: 'signed-in', page: areaPage(violationMessages) },
  { path: '/violations/:id', access: 'signed-in', page: areaPage(violation) },

  // Board (superadmin also passes)
  { path: '/users', access: 'board', page: areaPage({ title: 'User Management' }) },
  { path: '/addresses', access: 'board', page: areaPage({ title: 'Address Directory', subtitle: 'Manage community addresses and residents' }) },

  // Superadmin
  { path: '/stripe-setup', access: 'superadmin', page: areaPage({ title: 'Payment Account Setup' }) },
  { path: '/plan-selection', access: 'superadmin', page: areaPage({ title: 'Billing', breadcrumb: [{ label: 'Profile', href: '/profile' }] }) },
];
