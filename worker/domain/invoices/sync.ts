/**
 * Invoices, server half of sync: who sees what (`visibleInvoices`, shared with the REST reads), the
 * cache values a pull sends (built by SQLite: the invoice with its due's words and its recipient),
 * the synced table every writer goes through, and the recipient's name as a dependency.
 */
import { emailOf } from '../members/emails';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { invoicePolicy } from '../../../schema/invoices';
import { invoiceHistory, invoices, users } from '../../../schema/tables';
import { INVOICE_SPACE, type SyncedInvoice } from '../../../sync/areas/invoices';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { threadHistoryJson, threadRecordsShowing } from '../threads';

/** Board and superadmin: every invoice of their HOA. Residents: their own. */
export function visibleInvoices(viewer: Viewer): SQL {
  if (invoicePolicy.seesRecipient(viewer.role)) return inHoa(viewer, invoices.hoaId);
  return inHoa(viewer, invoices.hoaId, eq(invoices.recipientId, viewer.userId));
}

/**
 * An invoice as the cache holds it (`SyncedInvoice`), the recipient's name read by primary key, its
 * Activity History per row through its index (residents read the board's names as "HOA Staff").
 */
function invoiceValue(viewer: Viewer): SyncValueSql<SyncedInvoice> {
  const i = invoices;
  return {
    fields: {
      id: i.id,
      due: sql`json_object('id', ${i.dueId}, 'title', ${i.title}, 'description', ${i.description}, 'frequency', ${i.frequency})`,
      amountCents: i.amountCents,
      status: i.status,
      sentAt: i.sentAt,
      dueDate: i.dueDate,
      paidAt: i.paidAt,
      paymentMethod: i.paymentMethod,
      lateFeeCents: i.lateFeeCents,
      processingSince: i.processingSince,
      recipient: sql`json_object('id', ${i.recipientId}, 'name', coalesce(recipient.name, 'Unknown User'), 'email', ${emailOf('recipient')})`,
      history: sql`json(${threadHistoryJson(invoiceHistory, i, viewer)})`,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
      version: i.version,
    },
    joins: sql`LEFT JOIN ${users} AS recipient ON recipient.id = ${i.recipientId} AND recipient.hoa_id = ${i.hoaId}`,
  };
}

export const invoiceSyncArea: ServerSyncArea = {
  space: INVOICE_SPACE,
  scope: 'hoa',
  table: invoices,
  id: invoices.id,
  version: invoices.version,
  hoaId: invoices.hoaId,
  visible: visibleInvoices,
  value: invoiceValue,
  dependsOn: {
    // The recipient's name and email, through the (recipient, due date) index, and the history's people.
    users: (_hoaId, userIds) => {
      const showing = [sql`SELECT ${invoices.id} FROM ${invoices} WHERE ${inArray(invoices.recipientId, userIds)}`, ...threadRecordsShowing({ history: invoiceHistory }, userIds)];
      return sql`${invoices.id} IN (${sql.join(showing, sql` UNION ALL `)})`;
    },
  },
};

/** The values of the visible rows in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const invoiceValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(invoiceSyncArea, viewer, ids);

/** Every write to invoices goes through this writer (version and change record in one call). */
export const invoiceRows = syncedTable({ ...invoiceSyncArea, table: invoices });
