/**
 * The route table with its guards: the platform's own screens, then every area's
 * (client/app/areas.ts, one line per area).
 */
import { billingRoutes } from '../features/billing/routes';
import { signupRoutes } from '../features/signup/routes';
import { areaRoutes } from './areas';
import { lazyPage as page, type RouteDef } from './route-def';

export type { RouteDef } from './route-def';

const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ActivationPage = page(() => import('../features/auth/ActivationPage'), 'ActivationPage');
const SupportPage = page(() => import('../features/support/SupportPage'), 'SupportPage');
const ProfilePage = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const ChooseHoaPage = page(() => import('../features/auth/ChooseHoaPage'), 'ChooseHoaPage');

export const ROUTES: RouteDef[] = [
  // Public (signed-in visitors are sent to /dashboard)
  { path: '/login', access: 'public', page: LoginPage },
  { path: '/forgot-password', access: 'public', page: ForgotPasswordPage },
  { path: '/reset-password', access: 'public', page: ResetPasswordPage },
  // Open: someone signed in accepts an invitation to another HOA with the account they have.
  { path: '/invite/accept', access: 'open', page: ActivationPage },
  ...signupRoutes,
  // Open to everyone
  { path: '/support', access: 'open', page: SupportPage, signedInFrame: true },
  ...billingRoutes,

  // Signed in, any role
  { path: '/profile', access: 'signed-in', page: ProfilePage },
  { path: '/choose-hoa', access: 'signed-in', page: ChooseHoaPage },

  // The areas' screens, each with its own role rule (the dashboard's is the board's)
  ...areaRoutes,
];
