/**
 * The route table of platform §2 with its guards. Each built area adds one line: its client half's
 * routes (client/features/<area>/routes.ts). Areas not built yet hold a placeholder screen
 * (`areaPage`) until their issue replaces it.
 */
import { announcementRoutes } from '../features/announcements/routes';
import { requestRoutes } from '../features/requests/routes';
import { areaPage } from '../features/areas/AreaPage';
import { documentRoutes } from '../features/documents/routes';
import { violationRoutes } from '../features/violations/routes';
import { lazyPage as page, type RouteDef } from './route-def';

export type { RouteDef } from './route-def';

const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ActivationPage = page(() => import('../features/auth/ActivationPage'), 'ActivationPage');
const SupportPage = page(() => import('../features/support/SupportPage'), 'SupportPage');
const ProfilePage = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const ReactivationPage = page(() => import('../features/areas/ReactivationPage'), 'ReactivationPage');

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
  { path: '/reactivation', access: 'open', page: ReactivationPage },

  // Signed in, any role
  { path: '/', access: 'signed-in', page: DashboardPage },
  { path: '/dashboard', access: 'signed-in', page: DashboardPage },
  ...announcementRoutes,
  ...requestRoutes,
  ...documentRoutes,
  { path: '/dues', access: 'signed-in', page: areaPage({ title: 'Dues' }) },
  { path: '/dues/create', access: 'board', denied: '/dues', page: areaPage({ title: 'Create Due', breadcrumb: [{ label: 'Dues', href: '/dues' }] }) },
  { path: '/dues/:id', access: 'signed-in', page: areaPage({ title: 'Due Details', breadcrumb: [{ label: 'Dues', href: '/dues' }] }) },
  { path: '/invoices/:id', access: 'signed-in', page: areaPage({ title: 'Invoice', breadcrumb: [{ label: 'Dues', href: '/dues' }] }) },
  { path: '/profile', access: 'signed-in', page: ProfilePage },
  ...violationRoutes,

  // Board (superadmin also passes)
  { path: '/users', access: 'board', page: areaPage({ title: 'User Management' }) },
  { path: '/addresses', access: 'board', page: areaPage({ title: 'Address Directory', subtitle: 'Manage community addresses and residents' }) },

  // Superadmin
  { path: '/stripe-setup', access: 'superadmin', page: areaPage({ title: 'Payment Account Setup' }) },
  { path: '/plan-selection', access: 'superadmin', page: areaPage({ title: 'Billing', breadcrumb: [{ label: 'Profile', href: '/profile' }] }) },
];
