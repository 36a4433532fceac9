/**
 * Paying an invoice: only its recipient, only while it is pending or overdue and no bank payment of
 * it is in flight, for its exact amount (plus the processing fee of the chosen method when the HOA passes fees on), through the payment service's Checkout (`startInvoiceCheckout`, which reuses
 * an open session on a second click). The webhook marks it paid (status.ts, `markInvoicePaid`), or
 * has the payment refunded when the invoice stopped taking payments first.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DUE_MESSAGES } from '../../../schema/dues';
import { INVOICE_MESSAGES, invoicePolicy, type ApiCheckout } from '../../../schema/invoices';
import { CHECKOUT_METHODS, processingFeeCents, PROCESSING_FEE_MESSAGES, type PayInvoiceBody } from '../../../schema/processing-fees';
import { invoices, users } from '../../../schema/tables';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { getVisibleDue } from '../dues/read';
import { conflict, forbidden, invalidField, notFound } from '../errors';
import { hoaProcessingFees } from '../hoa-fees';
import { invoiceTotal } from '../ledger';
import { startInvoiceCheckout } from '../payments';
import { getVisibleInvoice } from './read';
import { visibleInvoices } from './sync';

/** `POST /api/invoices/:id/pay` → `{checkout_url}`; the browser goes there. */
export async function payInvoice(deps: AppDeps, actor: Actor, id: string, body: PayInvoiceBody = {}): Promise<ApiCheckout> {
  const db = deps.database.db;
  const invoice = await getVisibleInvoice(db, actor, id);
  if (invoice.recipientId !== actor.userId) throw forbidden(INVOICE_MESSAGES.onlyRecipient);
  if (invoice.status === 'paid') throw conflict(INVOICE_MESSAGES.alreadyPaid);
  if (invoicePolicy.isProcessing(invoice)) throw conflict(INVOICE_MESSAGES.processing);
  if (!invoicePolicy.mayPay(invoice, actor)) throw conflict(INVOICE_MESSAGES.notPayable);
  const [payer] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, actor.userId), eq(users.hoaId, actor.hoaId))).limit(1);
  if (!payer) throw notFound(INVOICE_MESSAGES.notFound);
  // What the invoice asks (with a late fee); a processing fee passed on goes on top, for the method chosen.
  const amountCents = invoiceTotal(invoice);
  const passedOn = (await hoaProcessingFees(db, invoice.hoaId)) === 'passed_on';
  if (passedOn && !body.method) throw invalidField('method', PROCESSING_FEE_MESSAGES.methodRequired);
  const methods = passedOn ? [body.method!] : CHECKOUT_METHODS;
  const feeCents = passedOn ? processingFeeCents(body.method!, amountCents) : 0;
  const back = `${deps.config.appUrl}/invoices/${invoice.id}`;
  const session = await startInvoiceCheckout(deps, {
    hoaId: invoice.hoaId,
    invoiceId: invoice.id,
    userId: actor.userId,
    email: payer.email,
    amountCents,
    methods,
    feeCents,
    description: invoice.title,
    successUrl: `${back}?payment=success`,
    cancelUrl: `${back}?payment=canceled`,
    // The board may mark it paid or cancel it while the session is being created.
    stillPayable: async (tx) => {
      const [now] = await tx.select({ status: invoices.status }).from(invoices).where(and(eq(invoices.id, invoice.id), eq(invoices.hoaId, invoice.hoaId))).limit(1);
      return !!now && invoicePolicy.isPayable(now.status);
    },
  });
  return { checkout_url: session.url, invoice_id: invoice.id };
}

/** `POST /api/dues/:id/pay` (docs/decisions/150-dues-routes-and-sync.md): pays the caller's oldest open invoice of that due. */
export async function payDue(deps: AppDeps, actor: Actor, dueId: string): Promise<ApiCheckout> {
  const db = deps.database.db;
  const due = await getVisibleDue(db, actor, dueId);
  const [open] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(visibleInvoices(actor), eq(invoices.dueId, due.id), eq(invoices.recipientId, actor.userId), inArray(invoices.status, ['pending', 'overdue'])))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(1);
  if (!open) throw notFound(DUE_MESSAGES.noOpenInvoice);
  return payInvoice(deps, actor, open.id);
}
