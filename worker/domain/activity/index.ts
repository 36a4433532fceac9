/** The activity trail: what the rest of the server may use. */
export { memberName, recordActivity, type ActivityEntry } from './record';
export { activityActors, exportActivity, listActivity, listMyActivity } from './read';
export { purgeOldActivity } from './retention';
export { deviceLabel } from './device';
export { recordDueCreated, recordDueEdit, recordInvoiceStatus, recordLateFeeWaived, recordRefund } from './money';
export { recordActivated, recordAddressMove, recordMemberAdded, recordMemberDeleted, recordMemberEdit } from './people';
