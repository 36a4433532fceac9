import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, ms } from './columns';

/** Every email goes through here: one row per recipient, delivered by the outbox job after commit. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: id(),
    /** Null only for mail that belongs to no HOA yet. */
    hoaId: text('hoa_id'),
    toEmail: text('to_email').notNull(),
    toUserId: text('to_user_id'),
    template: text('template').notNull(),
    /**
     * The template's inputs (JSON) while the mail waits to be rendered: the action's transaction
     * queues them, rendering happens after its commit (worker/domain/mail-render.ts), off the writer.
     * Null once subject, html and text are filled in.
     */
    props: text('props'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    /** What the mail is about, e.g. `announcement:<id>`: delivery statistics are counted by it. */
    ref: text('ref'),
    /** The body holds a single-use link: blanked once a real provider has the mail (worker/domain/outbox.ts). */
    redactAfterDelivery: integer('redact_after_delivery', { mode: 'boolean' }).notNull().default(false),
    /** When a delivery run claimed the row (status sending); a stale claim is taken over. */
    claimedAt: ms('claimed_at'),
    nextAttemptAt: ms('next_attempt_at').notNull(),
    createdAt: ms('created_at').notNull(),
    deliveredAt: ms('delivered_at'),
  },
  (t) => [index('email_outbox_hoa').on(t.hoaId), index('email_outbox_due').on(t.status, t.nextAttemptAt), index('email_outbox_ref').on(t.ref)],
);
