/**
 * A record's messages screen (/requests/{id}/messages, /compliance/{id}/messages): the
 * breadcrumb and title, the messages, and the compose box with the way back to the record.
 */
import type { ReactNode } from 'react';
import { ButtonLink, Card, CardBody, CardHeader, PageHeader, type Crumb } from '../../ui';
import { ArrowLeftIcon } from '../../ui/icons';
import { MessageComposer, type MessageComposerProps } from './MessageComposer';

export interface MessagesScreenWords {
  /** "Back to Request", "Back to Violation". */
  back: string;
  backHref: string;
}

export function MessagesScreen({
  title,
  breadcrumb,
  badges,
  words,
  messages,
  composer,
  notice,
}: {
  title: string;
  breadcrumb: Crumb[];
  badges?: ReactNode;
  words: MessagesScreenWords;
  /** MessageList */
  messages: ReactNode;
  composer: Omit<MessageComposerProps, 'actions'>;
  /** A note above the messages (e.g. what is queued offline). */
  notice?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title} breadcrumb={breadcrumb} badges={badges} />
      {notice && <div className="mb-4">{notice}</div>}
      <Card>
        <CardHeader title="Messages" />
        <CardBody className="py-5">{messages}</CardBody>
        <div className="border-t border-neutral-200 bg-neutral-50/60 px-5 py-4">
          <MessageComposer
            {...composer}
            actions={
              <ButtonLink href={words.backHref} variant="secondary">
                <ArrowLeftIcon className="size-4" />
                {words.back}
              </ButtonLink>
            }
          />
        </div>
      </Card>
    </div>
  );
}
