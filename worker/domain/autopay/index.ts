/**
 * Autopay: a resident's saved methods (methods.ts), their one enrollment as REST reads and writes it
 * (enrollment.ts), and the run that charges their invoices off session, with its webhook outcomes
 * (charge.ts).
 */
export { applyCharge, attemptOfEvent, AUTOPAY_REFUND, AUTOPAY_RETRY_MS, runAutopay } from './charge';
export { getAutopay, setAutopay } from './enrollment';
export { removeMethod, saveSetupMethod, startMethodSetup } from './methods';
