/** Document vault, client half: its one screen and its navigation entry. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const DocumentsPage = lazyPage(() => import('./DocumentsPage'), 'DocumentsPage');

export const documentsClientArea = defineClientArea({
  routes: [{ path: '/documents', access: 'signed-in', page: DocumentsPage }],
  nav: [{ label: 'Documents', href: '/documents' }],
});
