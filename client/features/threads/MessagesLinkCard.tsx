/** The detail screen's way to the thread: the message count and the time of the last message. */
import type { SyncedThreadMessage } from '../../../schema/threads';
import { ButtonLink, Card, CardBody, RelativeTime } from '../../ui';
import { MailIcon } from '../../ui/icons';

export const messagesCountText = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

export function MessagesLinkCard({ href, messages }: { href: string; messages: readonly SyncedThreadMessage[] }) {
  const last = messages.at(-1);
  return (
    <Card>
      <CardBody className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <div className="rounded-lg bg-accent-50 p-2 text-accent-700">
            <MailIcon className="size-5" />
          </div>
          <div>
            <p className="font-medium text-neutral-900">Messages</p>
            <p className="text-sm text-neutral-600">
              {last ? (
                <>
                  {messagesCountText(messages.length)}, the last <RelativeTime value={last.createdAt} />
                </>
              ) : (
                'No messages yet'
              )}
            </p>
          </div>
        </div>
        <ButtonLink href={href} variant="secondary">
          View Messages ({messages.length})
        </ButtonLink>
      </CardBody>
    </Card>
  );
}
