/** Compliance violations, server half (community §1–§9): REST, attachments, the mutators' domain calls. */
import type { violationMutators } from '../../sync/areas/violations';
import { addViolationMessage, issueViolation, mayReadViolationAttachment, setViolationStatus } from '../domain/violations';
import { BODY_LIMITS } from '../middleware/body-limit';
import { violationRoutes } from '../routes/violations';
import type { ServerArea, ServerMutators } from './types';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof violationMutators> = {
  issueViolation: (deps, tx, actor, { shown: _shown, ...input }) => issueViolation(deps, tx, actor, input),
  setViolationStatus: (deps, tx, actor, { id, status, resolution_notes }) => setViolationStatus(deps, tx, actor, id, { status, resolution_notes }),
  addViolationMessage: (deps, tx, actor, args) =>
    addViolationMessage(deps, tx, actor, args.violationId, { id: args.id, message: args.message, is_internal: args.is_internal, photo_url: args.photo_url }),
};

export const violationsArea: ServerArea = {
  name: 'violations',
  routes: [{ path: '/api/violations', router: violationRoutes }],
  uploads: { feature: 'violations', path: '/api/violations', download: true, mayRead: mayReadViolationAttachment },
  mutators,
  bodyLimits: [
    // Issuing (POST /) carries a rich-text message, and so do messages.
    ['/api/violations', BODY_LIMITS.richText],
    ['/api/violations/:id/messages', BODY_LIMITS.richText],
  ],
};
