/**
 * /compliance/{id}/messages: the violation's thread from the local cache (own
 * messages right-aligned, the Internal badge, attachments, sent times), the rich-text composer with an
 * optional file, "Back to Violation" and "Send Message". Messages go through the `addViolationMessage`
 * mutator, so they can be written offline (a file needs a connection); the board also has the Internal
 * toggle beside Send, off by default, so the spec's flow sends `is_internal: false`.
 */
import { useParams } from 'wouter';
import type { SyncedThreadMessage } from '../../../schema/threads';
import { VIOLATION_MESSAGES, violationPolicy } from '../../../schema/violations';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { uploadedFileOf } from '../../lib/upload';
import { Unavailable } from '../../ui';
import { actingUser, useQueuedIds } from '../threads';
import { MessageList, type MessageAttachment } from '../threads/MessageList';
import { MessagesScreen } from '../threads/MessagesScreen';
import { ViolationStatusBadge } from './badges';
import { FALLBACK_TITLE, VIOLATION_UNAVAILABLE, violationCrumbs, useViolationEntity } from './use-violation-entity';

const ATTACHMENT: MessageAttachment<SyncedThreadMessage> = { feature: 'violations', of: (m) => (m.attachment ? uploadedFileOf(m.attachment) : null) };

export function ViolationMessagesPage() {
  const { id = '' } = useParams<{ id: string }>();
  const rep = useReplicache();
  const me = useCurrentUser();
  const loaded = useViolationEntity(id);
  const queued = useQueuedIds('addViolationMessage', (args) => args.id);

  if (loaded.unavailable || !me) {
    return (
      <Unavailable
        state={loaded.unavailable ?? { kind: 'loading' }}
        words={VIOLATION_UNAVAILABLE}
        title="Messages"
        breadcrumb={violationCrumbs(FALLBACK_TITLE, id)}
        onRetry={() => window.location.reload()}
      />
    );
  }
  const v = loaded.entity;
  const title = v.title || FALLBACK_TITLE;
  const can = violationPolicy.actionsFor({ residentId: v.resident.id }, { userId: me.id, role: me.role });
  return (
    <MessagesScreen
      title={title}
      breadcrumb={violationCrumbs(title, v.id)}
      badges={<ViolationStatusBadge status={v.status} />}
      words={{ back: VIOLATION_MESSAGES.backToViolation, backHref: `/compliance/${v.id}` }}
      messages={<MessageList messages={v.messages} viewer={{ id: me.id, role: me.role }} queuedIds={queued} attachment={ATTACHMENT} />}
      composer={{
        failureText: VIOLATION_MESSAGES.sendMessageFailed,
        attachmentFeature: 'violations',
        // A photo of the case may be taken on the walk, offline.
        queuePhotos: true,
        internalToggle: can.internalNote,
        onSend: async ({ message, attachment, internal }) => {
          if (!rep) throw new Error(VIOLATION_MESSAGES.sendMessageFailed);
          await rep.mutate.addViolationMessage({
            id: crypto.randomUUID(),
            violationId: v.id,
            message,
            is_internal: internal,
            photo_url: attachment?.s3Key ?? null,
            shown: { by: actingUser(me), attachment: attachment ? { filename: attachment.fileName, fileSize: attachment.fileSize, fileType: attachment.fileType } : undefined },
          });
        },
      }}
    />
  );
}
