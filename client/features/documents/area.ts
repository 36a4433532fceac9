/** Document vault, client half: its one screen (community §2). */
import { lazyPage, type RouteDef } from '../../app/route-def';

const DocumentsPage = lazyPage(() => import('./DocumentsPage'), 'DocumentsPage');

export const documentRoutes: RouteDef[] = [{ path: '/documents', access: 'signed-in', page: DocumentsPage }];
