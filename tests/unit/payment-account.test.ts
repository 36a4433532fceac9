/** The payment account's state and the provider's requirement codes in words. */
import { describe, expect, it } from 'vitest';
import { paymentAccountState, requirementLabels, type ApiAccountStatus } from '../../schema/payment-account';

const account = (charges: boolean, payouts: boolean): ApiAccountStatus => ({
  account_exists: true,
  account_id: 'acct_1',
  status: {
    details_submitted: charges,
    charges_enabled: charges,
    payouts_enabled: payouts,
    capabilities: { card_payments: null, transfers: null },
    business_profile: { name: null, product_description: null },
    requirements_due: [],
  },
});

describe('the payment account', () => {
  it('is complete only with charges and payouts both enabled', () => {
    expect(paymentAccountState({ account_exists: false, account_id: null, status: null })).toBe('none');
    expect(paymentAccountState(account(true, false))).toBe('incomplete');
    expect(paymentAccountState(account(true, true))).toBe('complete');
  });

  it("names the provider's requirements in words, each once, never as raw codes", () => {
    expect(requirementLabels(['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'])).toEqual([
      'Business type',
      'Bank account for payouts',
      "Acceptance of the payment provider's terms",
    ]);
    expect(requirementLabels(['individual.dob.day', 'individual.dob.month', 'person_1Abc.verification.document', 'company.address.city', 'business_profile.url'])).toEqual([
      'Date of birth',
      'Identity document',
      'Company address',
      'Business website',
    ]);
    // A code not listed still reads as words.
    expect(requirementLabels(['company.structure'])).toEqual(['Structure']);
  });
});
