/**
 * The route table of platform §2 with its guards. Each area adds one line: its client half's
 * routes (client/features/<area>/routes.ts).
 */
import { announcementRoutes } from '../features/announcements/routes';
import { billingRoutes } from '../features/billing/routes';
import { dueRoutes } from '../features/dues/routes';
import { requestRoutes } from '../features/requests/routes';
import { signupRoutes } from '../features/signup/routes';
import { documentRoutes } from '../features/documents/routes';
import { userRoutes } from '../features/users/routes';
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

export const ROUTES: RouteDef[] = [
  // Public (signed-in visitors are sent to /dashboard)
  { path: '/login', access: 'public', page: LoginPage },
  { path: '/forgot-password', access: 'public', page: ForgotPasswordPage },
  { path: '/reset-password', access: 'public', page: ResetPasswordPage },
  { path: '/invite/accept', access: 'public', page: ActivationPage },
  ...signupRoutes,
  // Open to everyone
  { path: '/support', access: 'open', page: SupportPage, signedInFrame: true },
  ...billingRoutes,

  // Signed in, any role
  { path: '/', access: 'signed-in', page: DashboardPage },
  { path: '/dashboard', access: 'signed-in', page: DashboardPage },
  ...announcementRoutes,
  ...requestRoutes,
  ...documentRoutes,
  ...dueRoutes,
  { path: '/profile', access: 'signed-in', page: ProfilePage },
  ...violationRoutes,

  // Board (superadmin also passes)
  ...userRoutes,

  // Superadmin
];
