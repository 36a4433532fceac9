/**
 * A bank payment's days in flight, as the invoice shows them (the invoices area's
 * `invoicePaymentInFlight` listener, worker/areas/invoices.ts): processing, the invoice reads
 * "Processing" and takes no second payment; failed, it is payable again and the resident is mailed why.
 * Settled, `markInvoicePaid` (status.ts) clears it with the payment.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { INVOICE_HISTORY, INVOICE_STATUSES, invoicePolicy } from '../../../schema/invoices';
import { invoiceHistory, invoices, users } from '../../../schema/tables';
import { bankPaymentFailedEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import type { InvoicePaymentInFlightListener } from '../payments';
import { recordHistory } from '../threads';
import { invoiceRows } from './sync';
import { hoaNameOf } from '../hoa-name';

const PAYABLE = INVOICE_STATUSES.filter(invoicePolicy.isPayable);

export const bankPaymentInFlight: InvoicePaymentInFlightListener = async (deps, tx, p) => {
  const open = and(eq(invoices.id, p.invoiceId), eq(invoices.hoaId, p.hoaId), inArray(invoices.status, PAYABLE))!;
  const resident = { userId: p.userId, role: 'resident' as const };
  if (p.stage === 'processing') {
    const [row] = await invoiceRows.update(deps, tx, and(open, isNull(invoices.processingSince))!, { processingSince: p.at, updatedAt: p.at });
    if (row) await recordHistory(tx, invoiceHistory, resident, { hoaId: p.hoaId, parentId: p.invoiceId, action: INVOICE_HISTORY.bankPaymentStarted, at: p.at });
    return;
  }
  // Failed: payable again. An invoice that stopped taking payments meanwhile asks for nothing, so no mail.
  const [row] = await invoiceRows.update(deps, tx, open, { processingSince: null, updatedAt: p.at });
  if (!row) return;
  await recordHistory(tx, invoiceHistory, resident, { hoaId: p.hoaId, parentId: p.invoiceId, action: INVOICE_HISTORY.bankPaymentFailed, at: p.at });
  const hoaName = await hoaNameOf(tx, p.hoaId, 'your HOA');
  const [payer] = await tx.select().from(users).where(and(eq(users.id, p.userId), eq(users.hoaId, p.hoaId))).limit(1);
  if (!payer) return;
  const mail = bankPaymentFailedEmail({
    hoaName: hoaName,
    residentName: payer.name,
    title: row.title,
    amountCents: p.amountCents,
    method: p.methodDetail,
    reason: p.reason ?? '',
    url: `${deps.config.appUrl}/invoices/${p.invoiceId}`,
  });
  await queueEmail(deps, tx, { hoaId: p.hoaId, to: payer.email, toUserId: payer.id, ref: `invoice:${p.invoiceId}`, ...mail });
  deps.database.afterCommit(() => deps.onEmailQueued?.());
};
