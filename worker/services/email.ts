import type { Tx } from '../db';
import { emailOutbox } from '../../schema/tables';
import { newId } from './tokens';

export interface EmailMessage {
  hoaId: string | null;
  to: string;
  toUserId?: string | null;
  template: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is about, e.g. `announcement:<id>` (delivery statistics count by it). */
  ref?: string | null;
}

/**
 * Queue a mail inside the caller's transaction: it is delivered by the outbox job after commit,
 * so a rolled-back action never sends mail and a provider outage never fails the action.
 */
export async function queueEmail(tx: Tx, now: number, msg: EmailMessage): Promise<string> {
  const id = newId();
  await tx.insert(emailOutbox).values({
    id,
    hoaId: msg.hoaId,
    toEmail: msg.to,
    toUserId: msg.toUserId ?? null,
    template: msg.template,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    ref: msg.ref ?? null,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}
