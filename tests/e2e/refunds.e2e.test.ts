/**
 * A board refund end to end: the resident paid an invoice by card; a board member opens it, refunds
 * the payment with a reason, sees "Payment refunded." and the invoice open again, then reads the
 * resident's statement with its Refund line. axe and screenshots at 1280 and 375 px.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, openPage, signInAs, snapFromTop } from '../helpers/browser';
import { invoicePaidByCard, refundPayment } from './pages/refunds';

const e2e = e2eSuite();
const TITLE = 'Gate Repair Assessment';

describe('board refunds in the browser', () => {
  it('a board member refunds a card payment from the invoice screen and sees the Refund line on the resident’s statement', async () => {
    const { id, residentId } = await invoicePaidByCard(e2e.server, TITLE);
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, `/invoices/${id}`);
    await page.getByRole('button', { name: 'Refund Payment' }).waitFor({ timeout: 20_000 });
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'refund-invoice-paid');

    await refundPayment(page, 'Charged twice by mistake');
    await page.getByText('Payment refunded.').waitFor();
    await page.getByText(/Payment of \$125\.50 refunded: Charged twice by mistake/).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Refund Payment' }).count()).toBe(0);

    await goInApp(page, `/account/${residentId}`);
    const refundRow = page.getByRole('row').filter({ hasText: `Refund: ${TITLE}` });
    await refundRow.first().waitFor({ timeout: 20_000 });
    expect(await refundRow.first().textContent()).toContain('+$125.50');
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'refund-statement');
    await context.close();
    expectNoPageErrors(errors);
  });
});
