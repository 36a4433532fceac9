/**
 * Autopay in Chromium, as a resident meets it: from Dues to the Autopay screen, a test card saved on
 * the local provider's setup page, autopay turned on, the charge day changed, paused and resumed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autopayEnrollments, users } from '../../schema/tables';
import { axeScan, DEMO, describeViolations, e2eSuite, expectNoPageErrors, goInApp, openPage, signInAs, snapFromTop, waitForPath } from '../helpers/browser';
import { autopayScreen } from './pages/autopay';

const e2e = e2eSuite();

describe('autopay in the browser', () => {
  it('a resident saves a test card, turns autopay on, changes the day and pauses it', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.resident);
    await goInApp(page, '/dues');
    await page.getByRole('link', { name: 'Autopay' }).click();
    await waitForPath(page, '/autopay');
    const screen = autopayScreen(page);
    await page.getByRole('heading', { name: 'Saved payment methods' }).waitFor();
    await screen.addCard('4242 4242 4242 4242');
    await page.getByText('Visa •••• 4242').first().waitFor();
    expect(new URL(page.url()).search).toBe('');

    await screen.press('Turn on autopay', 'Autopay is on.');
    await page.getByRole('heading', { name: 'Next charges' }).waitFor();
    await screen.chooseTiming('Charge when issued');
    await page.getByText('Charge when issued: saved.').waitFor();
    const violations = await axeScan(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await snapFromTop(page, 'autopay-on');

    await screen.press('Pause', 'Autopay is paused.');
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    const [rita] = await e2e.server.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident));
    const rows = await e2e.server.deps.database.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.userId, rita.id));
    expect(rows).toEqual([expect.objectContaining({ timing: 'issued', status: 'paused' })]);
    await snapFromTop(page, 'autopay-paused');
    await context.close();
    expectNoPageErrors(errors);
  });
});
