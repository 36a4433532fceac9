/** Requests, server half (community §1–§9): REST, attachments, the mutators' domain calls. */
import type { requestMutators } from '../../sync/areas/requests';
import { addRequestComment, createRequest, mayReadRequestAttachment, setRequestStatus, updateRequestTriage } from '../domain/requests';
import { BODY_LIMITS } from '../middleware/body-limit';
import { requestRoutes } from '../routes/requests';
import type { ServerArea, ServerMutators } from './types';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof requestMutators> = {
  createRequest: (deps, tx, actor, { shown: _shown, ...input }) => createRequest(deps, tx, actor, input),
  setRequestStatus: (deps, tx, actor, args) => setRequestStatus(deps, tx, actor, args.id, args.status),
  updateRequestTriage: (deps, tx, actor, { id, assigned_to, resolution_deadline, resolution_notes }) =>
    updateRequestTriage(deps, tx, actor, id, { assigned_to, resolution_deadline, resolution_notes }),
  addRequestComment: (deps, tx, actor, args) => addRequestComment(deps, tx, actor, args.requestId, { id: args.id, message: args.message, is_public: args.is_public }),
};

export const requestsArea: ServerArea = {
  name: 'requests',
  routes: [{ path: '/api/requests', router: requestRoutes }],
  uploads: { feature: 'requests', path: '/api/requests', download: true, mayRead: mayReadRequestAttachment },
  mutators,
  bodyLimits: [
    // Create (POST /) carries a rich-text description, comments a rich-text message.
    ['/api/requests', BODY_LIMITS.richText],
    ['/api/requests/:id/comments', BODY_LIMITS.richText],
    ['/api/requests/:id/attachments', BODY_LIMITS.upload],
  ],
};
