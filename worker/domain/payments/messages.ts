/** What the payment calls answer when they refuse. */
export const PAYMENT_MESSAGES = {
  accountNotReady: 'Online payments are not set up for this HOA yet. Please contact your HOA board.',
  noLongerPayable: 'This invoice can no longer be paid.',
  noPaymentReference: 'The payment has no payment reference to refund.',
  /** A failed bank payment whose reason the provider did not give. */
  bankPaymentFailed: 'Your bank declined the payment.',
} as const;
