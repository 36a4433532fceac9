/** A board refund as the board meets it on the invoice screen, and a payment made online to refund. */
import type { Page } from 'playwright-core';
import { TEST_CARDS } from '../../../worker/services/payments/cards';
import { postInvoiceCharges } from '../../../worker/domain/ledger/invoice-lines';
import { invoices } from '../../../schema/tables';
import { eq } from 'drizzle-orm';
import { apiToken, DEMO, type E2EServer } from '../../helpers/browser';
import { openInvoice } from '../../helpers/invoices';

/** The Maple resident's invoice, issued and paid by card through the local Checkout page (as the browser posts it). */
export async function invoicePaidByCard(server: E2EServer, title: string): Promise<{ id: string; residentId: string }> {
  const db = server.deps.database.db;
  const rows = await server.db.execute({ sql: "SELECT u.id AS resident, u.hoa_id AS hoa FROM users u WHERE u.email = ?", args: [DEMO.maple.resident] });
  const residentId = String(rows.rows[0].resident);
  const id = await openInvoice(server.deps, { hoaId: String(rows.rows[0].hoa), recipientId: residentId, amountCents: 12550, title });
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  await server.deps.database.transaction((tx) => postInvoiceCharges(server.deps, tx, [row]));
  const token = await apiToken(server, DEMO.maple.resident);
  const pay = await fetch(`${server.url}/api/invoices/${id}/pay`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
  const { checkout_url } = (await pay.json()) as { checkout_url: string };
  const form = new URLSearchParams({ number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' });
  const paid = await fetch(`${server.url}${new URL(checkout_url).pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`card payment failed: ${paid.status}`);
  return { id, residentId };
}

/** On /invoices/:id: Refund Payment, the reason in its dialog, then the dialog's Refund Payment. */
export async function refundPayment(page: Page, reason: string) {
  await page.getByRole('button', { name: 'Refund Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund Payment' });
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Refund Payment', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
