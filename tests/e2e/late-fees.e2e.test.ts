/**
 * Late fees end to end: the board creates a due with a $25 late fee after 3 grace days; the invoice's
 * due date is moved into the past and the late fee job runs (through the test server's deps); the
 * invoice shows the fee and the total; the resident asks for a waiver of the fee line; the board finds
 * the question under Questions, grants it with a reason, and the fee comes off the invoice. axe and
 * screenshots at 1280 and 375 px.
 */
import { describe, expect, it } from 'vitest';
import { addLateFees } from '../../worker/domain/invoices';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, openPage, showsBriefly, signInAs, snapFromTop, waitForPath } from '../helpers/browser';
import { answerQuestion, setFixedLateFee } from './pages/late-fees';

const e2e = e2eSuite();
const TITLE = 'Clubhouse Assessment';
const DAY = 86_400_000;

async function invoiceId(): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const rs = await e2e.server.db.execute({ sql: 'SELECT i.id FROM invoices i JOIN users u ON u.id = i.recipient_id WHERE i.title = ? AND u.email = ?', args: [TITLE, DEMO.maple.resident] });
        id = rs.rows[0]?.id as string | undefined;
        return !!id;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return id!;
}

describe('late fees in the browser', () => {
  it('the board sets a late fee; the job adds it; the resident asks for a waiver; the board grants it', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/dues/create');
    await page.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
    await page.getByRole('spinbutton', { name: /^Amount/ }).fill('200');
    await setFixedLateFee(page, '25', '3');
    await page.getByText('$25.00, after 3 grace days').waitFor();
    await page.getByRole('checkbox', { name: /Rita Resident/ }).check();
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'late-fee-due-create');
    await showsBriefly(page, 'Due created successfully!', () => page.getByRole('button', { name: 'Create Due' }).click());
    await waitForPath(page, '/dues');

    // The due date well past: the job adds the fee once.
    const id = await invoiceId();
    await e2e.server.db.execute({ sql: 'UPDATE invoices SET due_date = due_date - ? WHERE id = ?', args: [12 * DAY, id] });
    expect(await addLateFees(e2e.server.deps)).toBe(1);
    expect(await addLateFees(e2e.server.deps)).toBe(0);

    await goInApp(page, `/invoices/${id}`);
    await page.getByText('A late fee of $25.00 was added to this invoice.').waitFor();
    await expect.poll(() => page.getByText('$225.00').first().isVisible()).toBe(true);
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'late-fee-invoice');

    // The resident asks from the fee line (as the statement's AskAboutLine sends it).
    const fee = await e2e.server.db.execute({ sql: "SELECT id FROM ledger_lines WHERE invoice_id = ? AND kind = 'late_fee'", args: [id] });
    const token = await apiToken(e2e.server, DEMO.maple.resident);
    const asked = await fetch(`${e2e.server.url}/api/ledger-questions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ line_id: fee.rows[0].id, kind: 'waiver', message: '<p>I was away for a family emergency.</p>' }),
    });
    expect(asked.status).toBe(201);

    await goInApp(page, '/questions');
    await page.getByText(`Waiver request: Late fee: ${TITLE}`).first().waitFor();
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'ledger-questions-board');
    await page.getByRole('link', { name: /^View/ }).first().click();
    await page.getByText('I was away for a family emergency.').waitFor();
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'ledger-question-thread');
    await answerQuestion(page, 'Grant and Waive Fee', 'First late payment in years', 'Grant');
    await page.getByText('Granted: First late payment in years').waitFor();

    await goInApp(page, `/invoices/${id}`);
    await page.getByText(/Late fee of \$25\.00 waived: First late payment in years/).waitFor();
    await expect.poll(() => page.getByText('A late fee of $25.00 was added to this invoice.').count()).toBe(0);
    await snapFromTop(page, 'late-fee-waived');
    await context.close();
    expectNoPageErrors(errors);
  });
});
