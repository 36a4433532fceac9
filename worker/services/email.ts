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
  /**
   * The mail holds a single-use link (password reset, activation): once a real provider has it, the
   * stored body is blanked, so a reader of the database cannot use the link.
   */
  redactAfterDelivery?: boolean;
}

/**
 * Queue a mail inside the caller's transaction: it is delivered by the outbox job after commit,
 * so a rolled-back action never sends mail and a provider outage never fails the action.
 */
export async function queueEmail(tx: Tx, now: number, msg: EmailMessage): Promise<string> {
  const [id] = await queueEmails(tx, now, [msg]);
  return id;
}

/** Many recipients (an announcement): one outbox row each, inserted in chunks. Returns the row ids in order. */
export async function queueEmails(tx: Tx, now: number, msgs: EmailMessage[]): Promise<string[]> {
  const rows = msgs.map((msg) => ({
    id: newId(),
    hoaId: msg.hoaId,
    toEmail: msg.to,
    toUserId: msg.toUserId ?? null,
    template: msg.template,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    ref: msg.ref ?? null,
    redactAfterDelivery: msg.redactAfterDelivery ?? false,
    status: 'queued' as const,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  }));
  // SQLite caps bound parameters per statement; 14 columns × 50 rows stays well under it.
  for (let i = 0; i < rows.length; i += 50) await tx.insert(emailOutbox).values(rows.slice(i, i + 50));
  return rows.map((r) => r.id);
}
