/** Requests, server half: REST, attachments, the synced requests, the mutators' domain calls. */
import type { requestMutators } from '../../sync/areas/requests';
import { addRequestComment, createRequest, mayReadRequestAttachment, setRequestStatus, updateRequestTriage } from '../domain/requests';
import { requestSyncArea } from '../domain/requests/sync';
import { BODY_LIMITS } from '../middleware/body-limit';
import { requestRoutes } from '../routes/requests';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof requestMutators> = {
  createRequest: (deps, tx, actor, { shown: _shown, ...input }) => createRequest(deps, tx, actor, input),
  setRequestStatus: (deps, tx, actor, args) => setRequestStatus(deps, tx, actor, args.id, args.status),
  updateRequestTriage: (deps, tx, actor, { id, assigned_to, resolution_deadline, resolution_notes }) =>
    updateRequestTriage(deps, tx, actor, id, { assigned_to, resolution_deadline, resolution_notes }),
  addRequestComment: (deps, tx, actor, args) => addRequestComment(deps, tx, actor, args.requestId, { id: args.id, message: args.message, is_public: args.is_public }),
};

export const requestsArea = defineServerArea({
  name: 'requests',
  routes: [
    {
      path: '/api/requests',
      router: requestRoutes,
      // Create (POST /) carries a rich-text description, comments a rich-text message.
      bodyLimits: { '/': BODY_LIMITS.richText, '/:id/comments': BODY_LIMITS.richText, '/:id/attachments': BODY_LIMITS.upload },
    },
  ],
  uploads: { feature: 'requests', path: '/api/requests', download: true, mayRead: mayReadRequestAttachment },
  sync: [requestSyncArea],
  mutators,
});
