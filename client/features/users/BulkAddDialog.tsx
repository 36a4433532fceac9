/**
 * Bulk Add: upload → validate → success. The preview shows the first 10 rows
 * and the first 10 errors; Create stays disabled while any error exists. The server checks again and
 * creates everything or nothing; its row errors read "Row N (field): message".
 */
import { useState } from 'react';
import { BULK_MESSAGES, BULK_PREVIEW_ROWS, bulkErrorText, bulkRowNumber, bulkIssueText, bulkPayload, shownErrors } from '../../../schema/bulk-users';
import { ROLE_LABELS, USER_MESSAGES } from '../../../schema/users';
import { ApiError, errorMessage } from '../../lib/api';
import { useTimedMessage } from '../../lib/use-nav-banner';
import { Alert, Button, Dialog } from '../../ui';
import { downloadTemplate, readBulkFile, type ReadFile } from './bulk-file';
import { usersApi } from './users-api';

type Step = { step: 'upload' } | { step: 'validate'; file: ReadFile; name: string } | { step: 'success'; refreshFailed: boolean };

export function BulkAddDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => Promise<boolean> }) {
  const [state, setState] = useState<Step>({ step: 'upload' });
  const [error, setError] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  // "Successfully created N users and M addresses" shows for 5 s, the rest of the screen until Done.
  const [created, setCreated] = useTimedMessage();

  const close = () => {
    setState({ step: 'upload' });
    setError(null);
    setCreated(null);
    onClose();
  };
  async function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    const read = await readBulkFile(file);
    if ('error' in read) setError([read.error]);
    else setState({ step: 'validate', file: read, name: file.name });
  }
  async function create(file: ReadFile) {
    setBusy(true);
    setError(null);
    try {
      const result = await usersApi.bulk(bulkPayload(file.rows));
      const refreshed = await onCreated();
      setState({ step: 'success', refreshFailed: !refreshed });
      setCreated(BULK_MESSAGES.created(result.usersCreated, result.addressesCreated));
    } catch (e) {
      // Row errors as "Row N (field): message"; a business error shows its message alone.
      setError(e instanceof ApiError && e.errors.length > 0 ? shownErrors(e.errors, bulkErrorText) : [errorMessage(e, USER_MESSAGES.createFailed)]);
    } finally {
      setBusy(false);
    }
  }

  const v = state.step === 'validate' ? state : null;
  const footer =
    state.step === 'upload' ? (
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
    ) : v ? (
      <>
        <Button variant="secondary" onClick={() => setState({ step: 'upload' })}>
          Choose Another File
        </Button>
        <Button disabled={v.file.issues.length > 0} busy={busy} busyText="Creating..." onClick={() => void create(v.file)}>
          Create {v.file.rows.length} Users
        </Button>
      </>
    ) : (
      <Button onClick={close}>Done</Button>
    );

  return (
    <Dialog open={open} onClose={close} size="lg" title="Bulk Add Users" description="Add residents and their addresses from a CSV file." footer={footer}>
      <div className="space-y-4 text-sm">
        {error && (
          <Alert tone="error">
            {error.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </Alert>
        )}
        {state.step === 'upload' && (
          <>
            <p className="text-neutral-700">
              Columns: Street, Unit, Property Type (Owner-Occupied or Rental Property), Resident Name, Resident Email, Role (Resident or Board Member), Phone. Street and property
              type go together; leave both empty for a user without an address.
            </p>
            <Button variant="link" onClick={downloadTemplate}>
              Download the template (bulk_users_template.csv)
            </Button>
            <label className="block rounded-lg border-2 border-dashed border-neutral-300 px-4 py-8 text-center hover:border-accent-500">
              <span className="font-medium text-accent-700">Choose a CSV file</span>
              <span className="mt-1 block text-neutral-500">Up to 5 MB</span>
              <input type="file" accept=".csv,text/csv" className="sr-only" onChange={(e) => void choose(e.target.files?.[0])} />
            </label>
          </>
        )}
        {v && <Preview file={v.file} name={v.name} />}
        {state.step === 'success' && (
          <>
            {created && <Alert tone="success">{created}</Alert>}
            <p className="text-neutral-700">Invitation emails have been sent to new users. Reactivated users can sign in with their existing credentials.</p>
            {state.refreshFailed && <Alert tone="error">{BULK_MESSAGES.refreshFailed}</Alert>}
          </>
        )}
      </div>
    </Dialog>
  );
}

function Preview({ file, name }: { file: ReadFile; name: string }) {
  const errors = shownErrors(file.issues, bulkIssueText);
  return (
    <>
      <p className="text-neutral-700">
        <strong>{name}</strong>: {file.rows.length} {file.rows.length === 1 ? 'row' : 'rows'}, {file.issues.length} {file.issues.length === 1 ? 'error' : 'errors'}
      </p>
      {errors.length > 0 && (
        <Alert tone="error" title="Fix these rows and upload the file again">
          {errors.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </Alert>
      )}
      <div className="overflow-x-auto rounded-lg border border-neutral-200">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">First rows of the file</caption>
          <thead className="bg-neutral-50 text-neutral-600">
            <tr>
              {['Row', 'Name', 'Email', 'Role', 'Street', 'Unit', 'Type', 'Phone'].map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {file.rows.slice(0, BULK_PREVIEW_ROWS).map((r, i) => (
              <tr key={i}>
                <td className="px-2 py-1.5 text-neutral-500">{bulkRowNumber(i)}</td>
                <td className="px-2 py-1.5">{r.resident_name}</td>
                {/* Whole on one line: the table scrolls sideways on phones rather than stack an email letter by letter. */}
                <td className="px-2 py-1.5 whitespace-nowrap">{r.resident_email}</td>
                <td className="px-2 py-1.5">{r.role === 'resident' || r.role === 'board' ? ROLE_LABELS[r.role] : r.role}</td>
                <td className="px-2 py-1.5">{r.street}</td>
                <td className="px-2 py-1.5">{r.unit}</td>
                <td className="px-2 py-1.5">{r.is_rented === undefined ? '' : r.is_rented ? 'Rental' : 'Owner-Occupied'}</td>
                <td className="px-2 py-1.5">{r.phone}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
