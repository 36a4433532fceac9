import { emailOutbox } from '../../schema/tables';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import { renderQueuedMail } from '../domain/mail-render';
import type { QueuedEmail } from '../emails';
import { newId } from './tokens';

/** One recipient's mail: who gets it, what it is about, and the template with its inputs. */
export interface EmailMessage extends QueuedEmail {
  hoaId: string | null;
  to: string;
  toUserId?: string | null;
  /** What the mail is about, e.g. `announcement:<id>` (delivery statistics count by it). */
  ref?: string | null;
  /**
   * The mail holds a single-use link (password reset, activation): once a real provider has it, the
   * stored body is blanked, so a reader of the database cannot use the link.
   */
  redactAfterDelivery?: boolean;
}

/**
 * Queue a mail inside the caller's transaction: it is rendered once the transaction commits (off
 * the writer, before the action answers) and delivered by the outbox job, so a rolled-back action
 * never sends mail and a provider outage never fails the action.
 */
export async function queueEmail(deps: AppDeps, tx: Tx, msg: EmailMessage): Promise<string> {
  const [id] = await queueEmails(deps, tx, [msg]);
  return id;
}

/** Many recipients (an announcement): one outbox row each, inserted in chunks. Returns the row ids in order. */
export async function queueEmails(deps: AppDeps, tx: Tx, msgs: EmailMessage[]): Promise<string[]> {
  const now = deps.clock();
  const rows = msgs.map((msg) => ({
    id: newId(),
    hoaId: msg.hoaId,
    toEmail: msg.to,
    toUserId: msg.toUserId ?? null,
    template: msg.template,
    props: JSON.stringify(msg.props),
    subject: '',
    html: '',
    text: '',
    ref: msg.ref ?? null,
    redactAfterDelivery: msg.redactAfterDelivery ?? false,
    status: 'queued' as const,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  }));
  // SQLite caps bound parameters per statement; 15 columns × 50 rows stays well under it.
  for (let i = 0; i < rows.length; i += 50) await tx.insert(emailOutbox).values(rows.slice(i, i + 50));
  (await renderAfterCommit(deps)).push(...rows.map((r) => r.id));
  return rows.map((r) => r.id);
}

/** The ids this transaction queued: rendered once it commits, then handed to delivery (one hook per transaction). */
function renderAfterCommit(deps: AppDeps): Promise<string[]> {
  return deps.database.oncePerTransaction('mail:render-after-commit', async () => {
    const ids: string[] = [];
    deps.database.afterCommit(async () => {
      await renderQueuedMail(deps, ids);
      deps.onEmailQueued?.();
    });
    return ids;
  });
}
