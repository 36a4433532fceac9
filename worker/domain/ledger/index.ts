/** The ledger: a resident's statement of account, written once per event that moves money. */
export { getLedgerLine, getStatement, LEDGER_MESSAGES, statementCsvOf, toApiLedgerLine } from './read';
export { ledgerLineRow, postLedgerLine, type LedgerLineRow, type NewLedgerLine } from './post';
export { invoiceTotal, postInvoiceCharges, postInvoicePayment, postInvoiceStatusChange, type PaymentFacts } from './invoice-lines';
export { ledgerRows, ledgerSyncArea, visibleLedgerLines } from './sync';
export { getCollections } from './collections';
export { exportOf } from './exports';
