/** Compliance violations, server half: REST, attachments, the synced violations, the mutators' domain calls, the repeating fine's job. */
import type { violationFineMutators, violationMutators } from '../../sync/areas/violations';
import { addViolationMessage, advanceViolation, issueViolation, mayReadViolationAttachment, postRepeatingFines, requestViolationHearing, setViolationStatus } from '../domain/violations';
import { violationSyncArea } from '../domain/violations/sync';
import { BODY_LIMITS } from '../middleware/body-limit';
import { violationRoutes } from '../routes/violations';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof violationMutators | keyof typeof violationFineMutators> = {
  issueViolation: (deps, tx, actor, { shown: _shown, ...input }) => issueViolation(deps, tx, actor, input),
  setViolationStatus: (deps, tx, actor, { id, status, resolution_notes }) => setViolationStatus(deps, tx, actor, id, { status, resolution_notes }),
  addViolationMessage: (deps, tx, actor, args) =>
    addViolationMessage(deps, tx, actor, args.violationId, { id: args.id, message: args.message, is_internal: args.is_internal, photo_url: args.photo_url }),
  advanceViolation: (deps, tx, actor, { id, violationId, from }) => advanceViolation(deps, tx, actor, violationId, { id, from }),
  requestViolationHearing: (deps, tx, actor, { id, violationId, note }) => requestViolationHearing(deps, tx, actor, violationId, { id, note }),
};

export const violationsArea = defineServerArea({
  name: 'violations',
  // Issuing (POST /) carries a rich-text message, and so do messages.
  routes: [{ path: '/api/violations', router: violationRoutes, bodyLimits: { '/': BODY_LIMITS.richText, '/:id/messages': BODY_LIMITS.richText } }],
  uploads: { feature: 'violations', path: '/api/violations', download: true, mayRead: mayReadViolationAttachment },
  sync: [violationSyncArea],
  mutators,
  jobs: [{ name: 'post-repeating-fines', run: (deps) => postRepeatingFines(deps) }],
});
