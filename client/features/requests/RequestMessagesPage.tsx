/**
 * /requests/{id}/messages: the request's thread from the local cache, with
 * the rich-text composer and "Back to Request". A message is written through the `addRequestComment`
 * mutator (always public, as the spec's screen sends it), so a resident can write offline; it shows
 * as queued until the server has it.
 */
import { useParams } from 'wouter';
import { REQUEST_MESSAGES } from '../../../schema/requests';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Unavailable } from '../../ui';
import { actingUser, useQueuedIds } from '../threads';
import { MessageList } from '../threads/MessageList';
import { MessagesScreen } from '../threads/MessagesScreen';
import { RequestStatusBadge } from './badges';
import { FALLBACK_TITLE, REQUEST_UNAVAILABLE, requestCrumbs, useRequestEntity } from './use-request-entity';

export function RequestMessagesPage() {
  const { id = '' } = useParams<{ id: string }>();
  const rep = useReplicache();
  const me = useCurrentUser();
  const loaded = useRequestEntity(id);
  const queued = useQueuedIds('addRequestComment', (args) => args.id);

  if (loaded.unavailable || !me) {
    return (
      <Unavailable
        state={loaded.unavailable ?? { kind: 'loading' }}
        words={REQUEST_UNAVAILABLE}
        title="Messages"
        breadcrumb={requestCrumbs(FALLBACK_TITLE, id)}
        onRetry={() => void loaded.remote.reload().catch(() => {})}
      />
    );
  }
  const r = loaded.entity;
  const title = r.title || FALLBACK_TITLE;
  return (
    <MessagesScreen
      title={title}
      breadcrumb={requestCrumbs(title, r.id)}
      badges={<RequestStatusBadge status={r.status} />}
      words={{ back: 'Back to Request', backHref: `/requests/${r.id}` }}
      messages={<MessageList messages={r.messages} viewer={{ id: me.id, role: me.role }} queuedIds={queued} />}
      composer={{
        failureText: REQUEST_MESSAGES.sendMessageFailed,
        onSend: async ({ message }) => {
          if (!rep) throw new Error(REQUEST_MESSAGES.sendMessageFailed);
          await rep.mutate.addRequestComment({ id: crypto.randomUUID(), requestId: r.id, message, is_public: true, shown: { by: actingUser(me) } });
        },
      }}
    />
  );
}
