/** Signup's screens: public routes, so a signed-in visitor is sent to /dashboard. */
import { lazyPage as page, type RouteDef } from '../../app/route-def';

const SignupPage = page(() => import('./SignupPage'), 'SignupPage');
const HoaSetupPage = page(() => import('./HoaSetupPage'), 'HoaSetupPage');
const SignupCompletePage = page(() => import('./SignupCompletePage'), 'SignupCompletePage');

export const signupRoutes: RouteDef[] = [
  { path: '/signup', access: 'public', page: SignupPage },
  { path: '/signup/hoa-setup', access: 'public', page: HoaSetupPage },
  { path: '/signup/complete', access: 'public', page: SignupCompletePage },
];
