/** Autopay, client half: the resident's screen of saved methods and autopay (reached from /dues). */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const AutopayPage = lazyPage(() => import('./AutopayPage'), 'AutopayPage');

export const autopayClientArea = defineClientArea({
  routes: [{ path: '/autopay', access: 'signed-in', page: AutopayPage }],
});
