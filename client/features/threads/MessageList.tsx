/**
 * A record's messages: oldest first, the reader's own on the right, others on the
 * left with the author (Staff badge for board readers, "HOA Staff" for residents), an "Internal" badge
 * on messages residents never see, the sanitised rich text, an optional attachment and the time.
 * Messages this device wrote that the server does not have yet say so.
 */
import type { SyncedThreadMessage } from '../../../schema/threads';
import type { Role } from '../../../schema/roles';
import type { DownloadFeature } from '../../lib/download';
import { useOnline } from '../../lib/replicache';
import type { UploadedFile } from '../../lib/upload';
import { Badge, cx, EmptyState, RelativeTime } from '../../ui';
import { RichText } from '../../ui/RichText';
import { AttachmentButton } from './AttachmentButton';
import { PersonName } from './PersonName';

export const NO_MESSAGES = 'No messages yet. Start the conversation!';
export const QUEUED_TEXT = 'Queued: sends when you reconnect';
export const SENDING_TEXT = 'Sending...';

/** How an area's messages carry a file (violations do; requests do not). */
export interface MessageAttachment<M> {
  feature: DownloadFeature;
  of: (message: M) => UploadedFile | null;
}

export function MessageList<M extends SyncedThreadMessage>({
  messages,
  viewer,
  queuedIds,
  attachment,
  emptyText = NO_MESSAGES,
}: {
  messages: readonly M[];
  viewer: { id: string; role: Role };
  /** This device's messages the server does not have yet (useQueuedIds). */
  queuedIds?: ReadonlySet<string>;
  attachment?: MessageAttachment<M>;
  emptyText?: string;
}) {
  const online = useOnline();
  if (messages.length === 0) return <EmptyState title={emptyText} />;
  return (
    <ol className="space-y-4" aria-label="Messages">
      {messages.map((m) => {
        const own = m.author.id === viewer.id;
        const file = attachment?.of(m) ?? null;
        const queued = queuedIds?.has(m.id) ?? false;
        return (
          <li key={m.id} className={cx('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`Message from ${own ? 'you' : m.author.name || 'Unknown User'}`}
              className={cx(
                'w-full max-w-[85%] rounded-xl border px-4 py-3 sm:max-w-[75%]',
                !m.isPublic ? 'border-warning-200 bg-warning-50' : own ? 'border-accent-200 bg-accent-50' : 'border-neutral-200 bg-white',
              )}
            >
              <header className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                {own ? <span className="font-medium text-neutral-900">You</span> : <PersonName person={m.author} viewerRole={viewer.role} />}
                {!m.isPublic && <Badge variant="warning">Internal</Badge>}
              </header>
              <RichText html={m.message} className="text-[15px] break-words text-neutral-800" />
              {file && attachment && (
                <div className="mt-2">
                  <AttachmentButton feature={attachment.feature} file={file} />
                </div>
              )}
              <p className="mt-2 text-xs text-neutral-600">
                {queued ? online ? SENDING_TEXT : QUEUED_TEXT : <RelativeTime value={m.createdAt} />}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
