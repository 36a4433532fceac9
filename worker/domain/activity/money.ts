/**
 * The trail's entries about money: dues created, edited and cancelled (made inactive), an invoice's
 * status set by hand, refunds and late-fee waivers. Amounts are cents in the values, dollars in the
 * summaries.
 */
import { changedValues } from '../../../schema/activity';
import { DUE_FREQUENCY_LABELS } from '../../../schema/dues';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../../../schema/invoices';
import { formatUsd } from '../../../schema/money';
import type { dues, invoices } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordActivity } from './record';

type Deps = Pick<AppDeps, 'clock'>;
type Due = typeof dues.$inferSelect;
type Invoice = typeof invoices.$inferSelect;

const dueFields = (d: Due) => ({ title: d.title, amount_cents: d.amountCents, reason: d.reason, description: d.description, status: d.status, due_date_offset: d.dueDateOffset });

export async function recordDueCreated(deps: Deps, tx: Tx, actor: Actor, due: Due, recipients: number): Promise<void> {
  await recordActivity(deps, tx, actor, {
    action: 'due.created',
    summary: `Created the ${DUE_FREQUENCY_LABELS[due.frequency].toLowerCase()} due "${due.title}" of ${formatUsd(due.amountCents)} for ${recipients} ${recipients === 1 ? 'member' : 'members'}`,
    entity: 'due',
    entityId: due.id,
    after: { ...dueFields(due), frequency: due.frequency, recipients },
  });
}

/** An edit: made inactive is the due's cancellation. Nothing when no field moved. */
export async function recordDueEdit(deps: Deps, tx: Tx, actor: Actor, before: Due, after: Due, recipientsChanged: boolean): Promise<void> {
  const change = changedValues(dueFields(before), dueFields(after));
  if (!change && !recipientsChanged) return;
  const cancelled = before.status === 'active' && after.status === 'inactive';
  await recordActivity(deps, tx, actor, {
    action: cancelled ? 'due.cancelled' : 'due.edited',
    summary: cancelled ? `Cancelled the due "${before.title}"` : `Edited the due "${after.title}"${recipientsChanged ? ' (recipients changed)' : ''}`,
    entity: 'due',
    entityId: after.id,
    before: change?.before ?? null,
    after: change?.after ?? null,
  });
}

export async function recordInvoiceStatus(deps: Deps, tx: Tx, actor: Actor, before: Invoice, after: Invoice): Promise<void> {
  const method = after.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[after.paymentMethod]})` : '';
  await recordActivity(deps, tx, actor, {
    action: 'invoice.status_set',
    summary: `Set the invoice "${before.title}" from ${INVOICE_STATUS_LABELS[before.status]} to ${INVOICE_STATUS_LABELS[after.status]}${method}`,
    entity: 'invoice',
    entityId: after.id,
    ...changedValues({ status: before.status, payment_method: before.paymentMethod }, { status: after.status, payment_method: after.paymentMethod }),
  });
}

export async function recordRefund(deps: Deps, tx: Tx, actor: Actor, invoice: Invoice, amountCents: number, reason: string, status: Invoice['status']): Promise<void> {
  await recordActivity(deps, tx, actor, {
    action: 'invoice.refunded',
    summary: `Refunded ${formatUsd(amountCents)} on the invoice "${invoice.title}": ${reason}`,
    entity: 'invoice',
    entityId: invoice.id,
    before: { status: invoice.status },
    after: { status, refunded_cents: amountCents },
  });
}

export async function recordLateFeeWaived(deps: Deps, tx: Tx, actor: Actor, invoice: Invoice, reason: string): Promise<void> {
  await recordActivity(deps, tx, actor, {
    action: 'invoice.late_fee_waived',
    summary: `Waived the ${formatUsd(invoice.lateFeeCents)} late fee on the invoice "${invoice.title}": ${reason}`,
    entity: 'invoice',
    entityId: invoice.id,
    before: { late_fee_cents: invoice.lateFeeCents },
    after: { late_fee_cents: 0 },
  });
}
